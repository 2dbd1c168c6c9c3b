/// The first step of the run loop: what the command line names, or standard input.
package enum RunInputs {
    /// `paths`, or `-` (standard input) when it names none and standard input is not a terminal;
    /// nil when it names none and standard input is a terminal (the command then says so: a
    /// usage error).
    package static func arguments(_ paths: [String]) -> [String]? {
        if !paths.isEmpty { return paths }
        return Terminal.isTerminal(0) ? nil : ["-"]
    }

    /// The inputs ``arguments(_:)`` names, as `collector` finds them (files, directories, globs,
    /// `-`); nil when there are none to read.
    package static func collect(_ paths: [String], with collector: InputCollector) -> [InputFile]? {
        arguments(paths).map { collector.collect($0) }
    }
}
