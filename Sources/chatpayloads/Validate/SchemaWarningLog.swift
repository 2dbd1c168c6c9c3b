import ChatPayloads
import Foundation
import JSONCore
import JSONSchemaValidator

/// Prints a schema's compile warnings (references to unregistered documents) on standard error,
/// once per schema however many worker caches compile it; nothing under `--quiet`.
final class SchemaWarningLog: @unchecked Sendable {
    private let quiet: Bool
    private let lock = NSLock()
    private var reported: Set<SchemaSpec> = []

    init(quiet: Bool) { self.quiet = quiet }

    /// `file:line:column: warning: message` for each warning of the schema `spec` (whose text
    /// is `source` when it is a file), the first time `spec` is reported.
    func report(_ warnings: [SchemaWarning], of spec: SchemaSpec, source: JSONDocument?) {
        guard !quiet, !warnings.isEmpty else { return }
        lock.lock()
        let first = reported.insert(spec).inserted
        lock.unlock()
        guard first else { return }
        for warning in warnings {
            var place = ""
            if case .file(let path, _) = spec {
                place = SchemaSpec.relativeToWorkingDirectory(path)
                if let source, warning.schemaLocation.hasPrefix(ValidatorCache.fileURI(path) + "#"),
                   let at = ValidatorCache.position(of: warning.schemaLocation, in: source)
                {
                    place += ":\(at.line):\(at.column)"
                }
                place += ": "
            }
            Terminal.diagnose("\(place)warning: \(warning.message)")
        }
    }
}
