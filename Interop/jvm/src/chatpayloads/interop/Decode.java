package chatpayloads.interop;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A reference chat payload decoder for {@code chatpayloads interop check}: Jackson data binding
 * into typed classes, as Android apps decode, and back to JSON.
 *
 * <pre>
 *   java -cp CLASSPATH chatpayloads.interop.Decode FILE      one payload (kind from CHATPAYLOADS_KIND
 *                                                            or --kind KIND); prints its re-encoding,
 *                                                            or exits 1 with the reason
 *   java -cp CLASSPATH chatpayloads.interop.Decode --batch   NDJSON requests in, answers out
 * </pre>
 *
 * The mapper is Jackson's default but for two settings most apps make: unknown members are
 * ignored (not an error) and null members are left out when writing. What that costs is what
 * the harness reports (README, "Kotlin and Java"): NON_NULL also drops null values inside maps,
 * and Jackson coerces a timetoken written as a string into a Long. With
 * {@code setDefaultPropertyInclusion(JsonInclude.Value.construct(NON_NULL, ALWAYS))} and
 * {@code configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false)} every vector agrees.
 */
public final class Decode {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    private Decode() {}

    /** The model class of a kind. */
    static Class<?> model(String kind) {
        switch (kind == null ? "" : kind) {
            case "user": return User.class;
            case "channel": return Channel.class;
            case "member": return Member.class;
            case "message": return Message.class;
            case "message-action": return MessageAction.class;
            default: throw new Rejected("unknown kind " + kind);
        }
    }

    /** Binds the payload to its kind's class, checks it and writes it back. */
    static JsonNode decode(String kind, JsonNode payload) throws JsonProcessingException {
        Object model = MAPPER.treeToValue(payload, model(kind));
        if (model == null) {
            throw new Rejected(kind + " is null");
        }
        switch (kind) {
            case "user": ((User) model).check(); break;
            case "channel": ((Channel) model).check(); break;
            case "member": ((Member) model).check(); break;
            case "message": ((Message) model).check(); break;
            default: ((MessageAction) model).check(); break;
        }
        return MAPPER.valueToTree(model);
    }

    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        String kind = System.getenv("CHATPAYLOADS_KIND");
        String file = null;
        boolean batch = false;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--batch")) {
                batch = true;
            } else if (args[i].equals("--kind") && i + 1 < args.length) {
                kind = args[++i];
            } else {
                file = args[i];
            }
        }
        if (batch) {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode request = MAPPER.readTree(line);
                ObjectNode answer = MAPPER.createObjectNode();
                answer.set("id", request.get("id"));
                try {
                    answer.set("payload", decode(request.path("kind").asText(), request.get("payload")));
                } catch (Rejected | JsonProcessingException | IllegalArgumentException error) {
                    answer.put("error", error.getMessage());
                }
                out.println(MAPPER.writeValueAsString(answer));
            }
            return;
        }
        byte[] text = file == null ? System.in.readAllBytes() : Files.readAllBytes(Path.of(file));
        try {
            out.println(MAPPER.writeValueAsString(decode(kind, MAPPER.readTree(text))));
        } catch (Rejected | JsonProcessingException | IllegalArgumentException error) {
            System.err.println("rejected: " + error.getMessage());
            System.exit(1);
        }
    }
}
