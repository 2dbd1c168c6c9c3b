import ArgumentParser

struct PatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "patch", abstract: "TODO")
    mutating func run() throws {}
}
