import ChatPayloads
import Foundation
import JSONCore

/// A fatal config problem, already formatted (`file:line:col: error: message`).
package struct ConfigFailure: Error {
    package let message: String
}

/// The `.chatpayloads.yml` in force (found from the working directory upward, or `--config`),
/// with its custom-data schemas loaded.
package struct LoadedConfig {
    package let config: ChatPayloadsConfig
    package let customData: [String: JSONValue]

    /// The config's profile with every knob applied.
    package var profile: Profile? { config.profile }

    /// The schema the config's `files` globs give an input (nil: no glob matches; standard
    /// input is matched by its `--stdin-filename`).
    package func schema(forDisplayPath path: String) -> SchemaSpec? {
        guard let name = config.schemaName(forPath: path) else { return nil }
        let base = config.baseDirectory.hasPrefix("/")
            ? config.baseDirectory
            : SchemaSpec.absolute(config.baseDirectory, relativeTo: nil)
        return SchemaSpec.parse(name, relativeTo: base)
    }

    /// The config `options` name (or the one discovered) and the profile in force: the
    /// config's, with `--profile` over it, else `--profile`, else standard
    /// (``Profile/resolved(configured:requested:)``). Every subcommand gets its profile, and so
    /// its limits, this one way.
    static func profile(for options: SchemaOptions) -> Result<(config: LoadedConfig?, profile: Profile), ConfigFailure> {
        switch load(options) {
        case .failure(let f): return .failure(f)
        case .success(let config):
            return .success((config, resolvedProfile(config, options)))
        }
    }

    /// The profile in force (``Profile/resolved(configured:requested:)``), with
    /// `--default-dialect` over the config's `default-dialect`.
    static func resolvedProfile(_ config: LoadedConfig?, _ options: some SchemaChoices) -> Profile {
        var profile = Profile.resolved(configured: config?.profile, requested: options.profile)
        if let dialect = options.defaultDialectURI { profile.defaultDialect = dialect }
        return profile
    }

    /// Loads the config `options` name, or the one discovered; nil when there is none.
    static func load(_ options: some SchemaChoices) -> Result<LoadedConfig?, ConfigFailure> {
        let path: String
        switch ConfigLocation.of(options) {
        case .failure(let f): return .failure(f)
        case .success(.none): return .success(nil)
        case .success(.named(let p)), .success(.discovered(let p)): path = p
        }
        do throws(ConfigError) {
            let config = try ChatPayloadsConfig.load(path: path)
            let customData = try config.loadCustomData()
            return .success(LoadedConfig(config: config, customData: customData))
        } catch {
            return .failure(ConfigFailure(message: error.description))
        }
    }
}

/// Which `.chatpayloads.yml` is in force: the one `--config` names, the nearest one found from
/// the working directory upward (refused when someone else could have written it:
/// ``ConfigTrust``), or none.
package enum ConfigLocation: Equatable {
    /// `--config PATH`.
    case named(String)
    /// Found from the working directory upward.
    case discovered(String)
    /// `--no-config`, or none found.
    case none

    /// Where the config for `options` is; a discovered config that is world-writable or owned
    /// by another user is a failure (exit status 3), never used silently.
    static func of(_ options: some SchemaChoices) -> Result<ConfigLocation, ConfigFailure> {
        if options.noConfig { return .success(.none) }
        if let explicit = options.config {
            if let problem = ConfigTrust.problem(atPath: explicit) {
                Terminal.diagnose(TextReporter.displayable("warning: \(explicit): \(problem); used because --config names it"))
            }
            return .success(.named(explicit))
        }
        return discovered()
    }

    /// The config found from the working directory upward (``ChatPayloadsConfig/discover(from:)``),
    /// judged by ``ConfigTrust``.
    package static func discovered() -> Result<ConfigLocation, ConfigFailure> {
        guard let found = ChatPayloadsConfig.discover(from: FileManager.default.currentDirectoryPath) else { return .success(.none) }
        let path = SchemaSpec.relativeToWorkingDirectory(found)
        if let problem = ConfigTrust.problem(atPath: found) {
            return .failure(ConfigFailure(message: ConfigTrust.refusal(problem, path: path).description))
        }
        return .success(.discovered(path))
    }

    /// What `--verbose` says about the config: `config: PATH` or why there is none.
    package func verboseLine(noConfig: Bool) -> String {
        switch self {
        case .named(let path): return "config: \(path) (--config)"
        case .discovered(let path): return "config: \(path) (found from the working directory upward)"
        case .none:
            if noConfig { return "config: none (--no-config)" }
            return "config: none (no \(ChatPayloadsConfig.fileNames.joined(separator: " or ")) in the working directory or above it)"
        }
    }
}

extension LoadedConfig {
    /// ``profile(for:)``, or the config error on standard error and exit status 3.
    package static func profileOrExit(for options: SchemaOptions) throws -> (config: LoadedConfig?, profile: Profile) {
        switch profile(for: options) {
        case .success(let resolved): return resolved
        case .failure(let f):
            Terminal.diagnose(f.message)
            throw ExitStatus.schemaOrConfig.exitCode
        }
    }
}
