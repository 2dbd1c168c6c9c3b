package chatpayloads.interop;

import java.util.Map;

/** A membership: the user (`uuid`) and the channel, with the membership's own data. */
public class Member {
    public User uuid;
    public Channel channel;
    public String status;
    public String updated;
    public String eTag;
    public Map<String, Object> custom;

    /** Throws {@link Rejected} when the standard profile's members are missing or wrong. */
    void check() {
        Checks.required(uuid, "uuid");
        uuid.check();
        Checks.required(channel, "channel");
        channel.check();
        Checks.flat(custom);
        Checks.date(updated, "updated", false);
    }
}
