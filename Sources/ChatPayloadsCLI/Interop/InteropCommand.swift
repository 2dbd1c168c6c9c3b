import ArgumentParser

/// `chatpayloads interop`: checks another platform's decoder against the codec vectors.
struct InteropCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interop",
        abstract: "Check another platform's decoder against the codec vectors; write the vectors.",
        discussion: """
            EXAMPLES:
              chatpayloads interop check --run 'python3 decode.py {file}'
              chatpayloads interop check --batch --run 'node decode.js' --profile compat --reporter junit -o interop.xml
              chatpayloads interop vectors --output Tests/Vectors/codec
            """,
        subcommands: [InteropCheckCommand.self, InteropVectorsCommand.self]
    )
}
