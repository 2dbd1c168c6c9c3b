package chatpayloads.interop;

import java.util.Map;

/** A message payload: text, an app's content type and content, custom data. */
public class Message {
    public String id;
    public String text;
    public String contentType;
    public Map<String, Object> content;
    public Map<String, Object> custom;
    public String createdAt;

    /** Throws {@link Rejected} when the standard profile's members are missing or wrong. */
    void check() {
        Checks.required(id, "id");
        Checks.required(text, "text");
        Checks.date(createdAt, "createdAt", true);
    }
}
