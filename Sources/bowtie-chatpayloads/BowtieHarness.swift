import JSONCore
import JSONSchemaValidator

/// Speaks version 1 of Bowtie's harness protocol: one JSON command per line in, one JSON
/// response per line out (`start`, `dialect`, `run`, `stop`).
///
/// A case's schema is compiled once with the case's `registry` added to the standard one and
/// the current implicit dialect (the last `dialect` command) as the default for schemas without
/// `$schema`; each test's instance is then validated with the library's defaults (formats
/// annotate, limits fail closed). A schema that does not compile answers the case as `errored`;
/// a test whose evaluation hit a limit answers that test as `errored`: neither is ever reported
/// as a verdict.
struct BowtieHarness {
    /// The dialects this implementation understands (the `start` response lists them).
    static let dialects = [
        "https://json-schema.org/draft/2020-12/schema",
        "https://json-schema.org/draft/2019-09/schema",
        "http://json-schema.org/draft-07/schema#",
        "http://json-schema.org/draft-06/schema#",
        "http://json-schema.org/draft-04/schema#",
    ]

    /// What a command line asks the harness to do next.
    enum Step {
        /// Write this response line and go on.
        case respond(JSONValue)
        /// `stop`: end the process with status 0.
        case stop
    }

    /// The failure of a command the harness cannot answer (a protocol error): the process ends.
    struct ProtocolError: Error, CustomStringConvertible {
        let description: String
    }

    private var started = false
    private var implicitDialect = JSONSchemaDialect.draft202012URI
    let version: String

    init(version: String) { self.version = version }

    /// Handles one command.
    mutating func handle(_ command: JSONValue) throws(ProtocolError) -> Step {
        guard let cmd = command["cmd"]?.stringValue else {
            throw ProtocolError(description: "a command without a \"cmd\" string")
        }
        switch cmd {
        case "start":
            guard command["version"] == .number(JSONNumber(1)) else {
                throw ProtocolError(description: "unsupported protocol version \(command["version"].map { JSONWriter.string($0) } ?? "none"); this harness speaks version 1")
            }
            started = true
            return .respond(["version": .number(JSONNumber(1)), "implementation": implementation])
        case "dialect":
            try requireStarted(cmd)
            guard let uri = command["dialect"]?.stringValue, Self.dialects.contains(uri) else {
                return .respond(["ok": false])
            }
            implicitDialect = uri
            return .respond(["ok": true])
        case "run":
            try requireStarted(cmd)
            guard let seq = command["seq"], let testCase = command["case"] else {
                throw ProtocolError(description: "a run command without \"seq\" and \"case\"")
            }
            return .respond(run(seq: seq, testCase: testCase))
        case "stop":
            try requireStarted(cmd)
            return .stop
        default:
            throw ProtocolError(description: "unknown command \"\(cmd)\"")
        }
    }

    private func requireStarted(_ cmd: String) throws(ProtocolError) {
        if !started { throw ProtocolError(description: "\"\(cmd)\" before \"start\"") }
    }

    private var implementation: JSONValue {
        [
            "name": "chatpayloads",
            "language": "swift",
            "version": .string(version),
            "homepage": "https://github.com/chatpayloads/chatpayloads",
            "issues": "https://github.com/chatpayloads/chatpayloads/issues",
            "source": "https://github.com/chatpayloads/chatpayloads",
            "dialects": .array(Self.dialects.map { .string($0) }),
        ]
    }

    /// Compiles the case's schema once and validates each test's instance.
    func run(seq: JSONValue, testCase: JSONValue) -> JSONValue {
        var registry = SchemaRegistry.standard
        var options = ValidatorOptions()
        options.defaultDialect = implicitDialect
        let schema: JSONSchema
        do throws(SchemaError) {
            if case .object(let resources)? = testCase["registry"] {
                for member in resources.members {
                    try registry.add(member.value, uri: member.key, defaultDialect: implicitDialect)
                }
            }
            schema = try JSONSchema(testCase["schema"] ?? .null, registry: registry, options: options)
        } catch {
            return ["seq": seq, "errored": true, "context": ["message": .string(error.description)]]
        }
        var results: [JSONValue] = []
        for test in testCase["tests"]?.arrayValue ?? [] {
            results.append(Self.result(of: schema.validate(test["instance"] ?? .null)))
        }
        return ["seq": seq, "results": .array(results)]
    }

    /// One test's answer: its verdict, or `errored` when a limit left it undecided.
    static func result(of validation: ValidationResult) -> JSONValue {
        if let limit = validation.limit {
            return ["errored": true, "context": ["message": .string("not decided: the \(limit.rawValue) limit was reached")]]
        }
        return ["valid": .bool(validation.isValid)]
    }
}
