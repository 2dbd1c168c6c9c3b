import ArgumentParser

struct NormalizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "normalize", abstract: "TODO")
    mutating func run() throws {}
}
