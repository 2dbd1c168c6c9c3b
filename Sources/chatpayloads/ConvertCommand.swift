import ArgumentParser

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "convert", abstract: "TODO")
    mutating func run() throws {}
}
