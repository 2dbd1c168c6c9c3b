/// How much one reported item weighs, in every format: a problem that fails the run, a warning
/// that does not, or a note (`--verbose`'s harmless differences). Each format spells it its own
/// way (GitHub's `notice`, SARIF's `note`), in its writer (``GitHubAnnotation``, ``SARIFLog``).
enum ReportLevel: Sendable {
    case error, warning, note
}
