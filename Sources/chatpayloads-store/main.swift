#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ChatPayloadsCLI
import ChatPayloadsStoreCLI
import Dispatch
import PlaygroundServer

// `chatpayloads-store`: the whole command-line tool with the store commands (what `chatpayloads
// store …` execs; see StoreExecutable in Sources/ChatPayloadsCLI and ChatPayloadsStoreCLI).
//
// `chatpayloads-store serve [options]` is the playground server, what `chatpayloads serve` execs
// (see ServeCommand and Sources/PlaygroundServer): one executable for both, so the runtime,
// Foundation and the CLI's code are shipped once for them.
//
// Built without the package's Server trait (`--disable-default-traits`, or a dependent that leaves
// it off), it has no server: `serve` says so and exits 69 (EX_UNAVAILABLE), as when the executable
// is missing.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == ServeCommand.serverModeArgument {
    #if Server
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    Task {
        await PlaygroundServer.main(arguments: arguments)
        exit(0)
    }
    dispatchMain()
    #else
    Terminal.diagnose("error: this chatpayloads-store was built without the package's Server trait, so it has no playground server")
    exit(ServeCommand.serverMissingStatus)
    #endif
} else {
    ChatPayloadsStoreMain.run()
}
