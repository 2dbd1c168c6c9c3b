import ArgumentParser

/// The tool's exit statuses. A run's status is the most severe that applies:
/// schema/config error (3) over unreadable input (2) over invalid payload (1).
package enum ExitStatus: Int32, Comparable, Sendable, CaseIterable {
    /// Every payload is valid (or, with `--expect invalid`, every payload is invalid).
    case success = 0
    /// Some payload is invalid (or, with `--expect invalid`, some payload is valid).
    case invalid = 1
    /// Some input could not be read or is not JSON/YAML.
    case unreadable = 2
    /// A schema or the config is wrong (unknown name, not JSON, fails its meta-schema, bad `$ref`).
    case schemaOrConfig = 3
    /// The command line is wrong (ArgumentParser's own `EX_USAGE`).
    case usage = 64

    package static func < (a: ExitStatus, b: ExitStatus) -> Bool { a.rawValue < b.rawValue }

    /// The ArgumentParser exit code, thrown from `run()` to end with this status.
    package var exitCode: ExitCode { ExitCode(rawValue) }

    /// The table printed in `--help`.
    package static let helpText = """
        EXIT STATUS:
          0   every payload is valid (with --expect invalid: every payload is invalid)
          1   some payload is invalid or not decided (with --expect invalid: some payload
              is valid or not decided: a limit is never the expected invalid)
          2   some input could not be read, or is not JSON / YAML; or --output names an input
          3   schema or config error (unknown schema, schema not JSON or not a valid schema,
              a $ref to no place in a known document, config file invalid, or found
              above the working directory but owned by another user or world-writable)
          64  usage error (unknown option, bad value)
        When several apply, the highest number wins (64 ends the run before any validation).
        """
}

/// A usage error found by the tool itself (not by ArgumentParser), reported like ArgumentParser's.
package typealias UsageError = ArgumentParser.ValidationError
