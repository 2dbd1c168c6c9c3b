import ArgumentParser
import ChatPayloadsCLI

/// The root of `chatpayloads-store`: the whole `chatpayloads` tree with the real `store`
/// subcommands (``StoreCommand``) where `chatpayloads` has a stand-in that execs this
/// executable, so its help, usage, errors, completion scripts and man pages are `chatpayloads`'s.
struct ChatPayloadsStoreCommand: ChatPayloadsRootCommand {
    static let configuration = ChatPayloadsCommand.rootConfiguration(store: StoreCommand.self)
}

/// The entry point of `chatpayloads-store` for everything but `serve` (Sources/chatpayloads-store/main.swift).
package enum ChatPayloadsStoreMain {
    /// Runs ``ChatPayloadsStoreCommand`` on the process's arguments and exits with its status.
    package static func run() -> Never {
        ChatPayloadsStoreCommand.runProcess()
    }
}
