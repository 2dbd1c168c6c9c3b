import ChatPayloads
import Foundation
import JSONCore
import JSONSchemaValidator

/// Prints a schema's compile warnings (references to unregistered documents) on standard error,
/// each once however many worker caches compile the schema; nothing under `--quiet`.
final class SchemaWarningLog: @unchecked Sendable {
    private let quiet: Bool
    private let lock = NSLock()
    private var reported: Set<String> = []

    init(quiet: Bool) { self.quiet = quiet }

    /// `file:line:column: warning: message` for each warning of the schema `spec` (whose text
    /// is `source` when it is a file) not printed before. Positions are found as for schema
    /// errors (``ValidatorCache/position(of:in:)``).
    func report(_ warnings: [SchemaWarning], of spec: SchemaSpec, source: JSONDocument?) {
        guard !quiet, !warnings.isEmpty else { return }
        for warning in warnings {
            var place = ""
            if case .file(let path, _) = spec {
                place = SchemaSpec.relativeToWorkingDirectory(path)
                if let source, let at = ValidatorCache.position(of: warning.schemaLocation, in: source) { place += ":\(at.line):\(at.column)" }
                place += ": "
            }
            let line = "\(place)warning: \(warning.message)"
            lock.lock()
            let first = reported.insert(line).inserted
            lock.unlock()
            if first { Terminal.diagnose(line) }
        }
    }
}
