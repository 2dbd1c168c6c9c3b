import ChatPayloads

/// `validate --files-from-config`: which of the files the command line names are payload files,
/// for callers that pass every staged JSON and YAML file (the pre-commit hooks).
///
/// With a config whose `files:` maps globs, a file is kept when one of those globs matches it
/// (matched relative to the config's directory, as the schema choice is). Without one (no config,
/// or no `files:`), every file is kept except the well-known files that are not payloads:
/// ``notPayloadNames`` (package manifests and lock files, TypeScript and tool configs) and hidden
/// files or files inside a hidden directory (`.chatpayloads.yml`, `.pre-commit-config.yaml`,
/// `.github/workflows/*.yml`, `.eslintrc.json`), as a directory walk skips them. Standard input and
/// arguments that name no file are kept (they are reported as always).
struct ConfigFileFilter {
    /// The config's `files:` globs, nil when there is no config or it maps none.
    let config: ChatPayloadsConfig?

    /// File names (glob patterns on the last path segment) that are never payloads.
    static let notPayloadNames = [
        "package.json", "package-lock.json", "npm-shrinkwrap.json", "pnpm-lock.yaml", "pnpm-workspace.yaml",
        "composer.json", "bower.json", "deno.json", "tsconfig.json", "tsconfig.*.json", "jsconfig.json",
        "renovate.json", "vercel.json", "firebase.json", "lerna.json", "nx.json", "turbo.json",
        "docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml", "mkdocs.yml", "codecov.yml",
        "pubspec.yaml", "pubspec.lock", "Chart.yaml", "values.yaml",
    ]

    /// Whether the input is kept.
    func keeps(_ input: InputFile) -> Bool {
        guard case .path = input.source else { return true }
        if let config, !config.files.isEmpty {
            return config.schemaName(forPath: input.displayPath) != nil
        }
        return !Self.isKnownNonPayload(input.displayPath)
    }

    /// Whether `path` is hidden, inside a hidden directory, or named in ``notPayloadNames``.
    static func isKnownNonPayload(_ path: String) -> Bool {
        let segments = path.split(separator: "/")
        if segments.contains(where: { $0.hasPrefix(".") && $0 != "." && $0 != ".." }) { return true }
        guard let name = segments.last.map(String.init) else { return false }
        return notPayloadNames.contains { GlobMatcher.matches($0, name) }
    }

    /// What `--verbose` says about a file left out.
    func skipLine(_ input: InputFile) -> String {
        if let config, !config.files.isEmpty {
            return "skipped \(input.displayPath): no `files:` glob of \(config.path) matches it (--files-from-config)"
        }
        return "skipped \(input.displayPath): not a payload file (a hidden file, a package manifest, lock file or tool config; --files-from-config)"
    }
}
