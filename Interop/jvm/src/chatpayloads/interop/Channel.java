package chatpayloads.interop;

import java.util.Map;

/** A channel as an Android app binds it. */
public class Channel {
    public String id;
    public String name;
    public String description;
    public String type;
    public String status;
    public String updated;
    public String eTag;
    public Map<String, Object> custom;

    /** Throws {@link Rejected} when the standard profile's members are missing or wrong. */
    void check() {
        Checks.required(id, "id");
        Checks.required(type, "type");
        Checks.flat(custom);
        Checks.date(updated, "updated", false);
    }
}
