package chatpayloads.interop;

import java.util.Map;

/** A user as an Android app binds it: the wire members as typed fields, custom data as a map. */
public class User {
    public String id;
    public String name;
    public String type;
    public String status;
    public String externalId;
    public String profileUrl;
    public String email;
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
