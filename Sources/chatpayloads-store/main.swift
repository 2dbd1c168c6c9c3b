#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

// `chatpayloads-store`: the whole command-line tool with the store commands (what `chatpayloads
// store …` execs; see StoreExecutable in Sources/ChatPayloadsCLI). ChatPayloadsCLI beside this
// file is a link to Sources/ChatPayloadsCLI, compiled here under CHATPAYLOADS_STORE.
//
// `chatpayloads-store serve [options]` is the playground server, what `chatpayloads serve` execs
// (see ServeCommand; PlaygroundServer beside this file is a link to Sources/chatpayloads-serve):
// one executable for both, so the runtime, Foundation and the CLI's code are shipped once for them.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == ServeCommand.serverModeArgument {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    Task {
        await PlaygroundServer.main(arguments: arguments)
        exit(0)
    }
    dispatchMain()
} else {
    ChatPayloadsMain.run()
}
