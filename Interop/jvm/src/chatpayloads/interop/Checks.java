package chatpayloads.interop;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Map;

/** The checks the models make after binding (Jackson binds a missing member as null). */
final class Checks {
    private Checks() {}

    static void required(Object value, String name) {
        if (value == null) {
            throw new Rejected("missing " + name);
        }
    }

    /** Custom data of users, channels and members: strings, numbers and booleans only. */
    static void flat(Map<String, Object> custom) {
        if (custom == null) {
            return;
        }
        for (Map.Entry<String, Object> entry : custom.entrySet()) {
            Object value = entry.getValue();
            if (!(value instanceof String || value instanceof Number || value instanceof Boolean)) {
                throw new Rejected("custom." + entry.getKey() + " is not a string, number or boolean");
            }
        }
    }

    /** An RFC 3339 date, read with java.time (kept as the string it was: no precision lost). */
    static void date(String value, String name, boolean required) {
        if (value == null) {
            if (required) {
                throw new Rejected("missing " + name);
            }
            return;
        }
        try {
            OffsetDateTime.parse(value);
        } catch (DateTimeParseException error) {
            throw new Rejected(name + " is not an RFC 3339 date: " + error.getMessage());
        }
    }
}
