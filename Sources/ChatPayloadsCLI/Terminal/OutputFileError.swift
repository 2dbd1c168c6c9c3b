/// An `--output FILE` that cannot be opened.
struct OutputFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot write \(path): \(reason)" }
}
