import ArgumentParser
import ChatPayloads
import JSONCore

/// `chatpayloads schema`: lists the bundled schemas, or prints one resolved for a profile so
/// another platform's validator can load the very same text.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "List the bundled schemas, or print one (resolved for a profile) for other platforms.",
        discussion: """
            Without NAME, lists the bundled schemas with their $id. With NAME, prints one \
            self-contained JSON Schema (2020-12) document: the schema with the profile's overlays \
            and the config's custom-data schemas embedded under $defs, so any 2020-12 validator \
            (python-jsonschema, ajv, networknt) gives the profile's verdict with no registry. \
            --source prints the schema file exactly as bundled instead.

            The text carries every rule the profile adds, in keywords a validator enforces with \
            format assertion off (the default of python-jsonschema, ajv and networknt): entity \
            documents are objects, the date and URL checks every profile makes for the typed \
            models are patterns, and each format the profile asserts has a pattern beside it \
            that accepts what ChatPayloads' checker accepts (email: up to the decoding of xn-- \
            labels; a format with no pattern is named in a $comment). What it cannot carry: \
            duplicate-key rejection and the size and depth limits (parser settings).

            EXAMPLES:
              chatpayloads schema
              chatpayloads schema message
              chatpayloads schema user --profile strict > user.strict.schema.json
              chatpayloads schema message --source

            \(ExitStatus.helpText)
            """)

    @Argument(help: ArgumentHelp("A bundled schema: \(BundledSchema.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "name"))
    var name: String?

    @OptionGroup var schemaOptions: SchemaOptions

    @Flag(name: .long, help: "Print the bundled file verbatim (for --profile compat/strict: the profile's overlay file) instead of the resolved document.")
    var source = false

    @Flag(name: .long, help: "Compact output (one line).")
    var compact = false

    mutating func validate() throws {
        if let name, BundledSchema(rawValue: name) == nil {
            throw UsageError("unknown schema '\(name)'\(SchemaSpec.didYouMean(name)): expected one of \(BundledSchema.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    mutating func run() throws {
        let out = Terminal.standardOutput
        defer { out.flush() }
        guard let name, let schema = BundledSchema(rawValue: name) else {
            let width = BundledSchema.allCases.map(\.rawValue.count).max() ?? 0
            for s in BundledSchema.allCases {
                let pad = String(repeating: " ", count: width - s.rawValue.count)
                out.write("\(s.rawValue)\(pad)  \(s.uri)\n")
            }
            return
        }
        let (config, profile) = try LoadedConfig.profileOrExit(for: schemaOptions)
        if source {
            guard let text = BundledSchemas.text(of: schema, profile: profile.name) ?? BundledSchemas.text(of: schema, profile: .standard) else {
                Terminal.diagnose("error: the \(name) schema is not bundled in this build")
                throw ExitStatus.schemaOrConfig.exitCode
            }
            out.write(text.hasSuffix("\n") ? text : text + "\n")
            return
        }
        let text = BundledSchemas.resolvedText(schema, profile: profile, customData: config?.customData ?? [:], pretty: !compact)
        out.write(text + "\n")
    }
}
