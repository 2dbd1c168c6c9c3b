package chatpayloads.interop;

/** A message action (a reaction): timetokens as {@code Long}, as Android apps hold them. */
public class MessageAction {
    public Long actionTimetoken;
    public Long parentTimetoken;
    public String sourceType;
    public String value;
    public String pubnubUserId;
    public String pubnubChannelId;
    public User userModel;
    public Message messageModel;

    /** Throws {@link Rejected} when the standard profile's members are missing or wrong. */
    void check() {
        Checks.required(actionTimetoken, "actionTimetoken");
        Checks.required(parentTimetoken, "parentTimetoken");
        Checks.required(sourceType, "sourceType");
        Checks.required(value, "value");
        Checks.required(pubnubUserId, "pubnubUserId");
        Checks.required(pubnubChannelId, "pubnubChannelId");
        if (userModel != null) {
            userModel.check();
        }
        if (messageModel != null) {
            messageModel.check();
        }
    }
}
