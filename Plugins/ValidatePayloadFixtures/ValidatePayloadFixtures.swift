import Foundation
import PackagePlugin

/// A build-tool plugin: a Swift target that uses it fails to build while a payload fixture named
/// by the chatpayloads config's `files:` globs is invalid, each problem a `path:line:col: error:`
/// line of the build's output.
///
/// ```swift
/// .target(name: "App", plugins: [.plugin(name: "ValidatePayloadFixtures", package: "ChatPayloads")])
/// ```
///
/// The config is the nearest `.chatpayloads.yml` (or `.chatpayloads.yaml`) from the target's
/// directory up to the package's; without one the plugin warns and adds nothing. The check is
/// a *build* command (not a prebuild command, which SwiftPM allows only for binary tools, and the
/// tools here are built from source): `chatpayloads-fixtures` reads the config and runs
/// `chatpayloads validate` on the files its globs name. Its inputs are the config and every
/// payload file (.json, .ndjson, .jsonl, .yaml, .yml) below the config's directory, so editing a
/// fixture runs it again; its output is a Swift file holding only a comment, written when every
/// fixture is valid, which the target compiles, so the build cannot skip the check.
@main
struct ValidatePayloadFixtures: BuildToolPlugin {
    /// The config file names, in the order the CLI looks for them.
    static let configNames = [".chatpayloads.yml", ".chatpayloads.yaml"]
    /// The payload file extensions (those `validate` takes from a directory).
    static let payloadExtensions: Set<String> = ["json", "ndjson", "jsonl", "yaml", "yml"]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let places = Self.directories(from: target, upTo: context.package.directoryURL)
        guard let config = Self.config(in: places) else {
            Diagnostics.warning(
                "ValidatePayloadFixtures: no .chatpayloads.yml or .chatpayloads.yaml from \(places.first?.path ?? "the target") up to \(context.package.directoryURL.path); no fixture is validated")
            return []
        }
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("ChatPayloadsFixtures.swift")
        return [
            .buildCommand(
                displayName: "Validating the payload fixtures named by \(config.path)",
                executable: try context.tool(named: "chatpayloads-fixtures").url,
                arguments: ["--tool", try context.tool(named: "chatpayloads").url.path, "--config", config.path, "--stamp", stamp.path],
                inputFiles: [config] + Self.payloadFiles(below: config.deletingLastPathComponent()),
                outputFiles: [stamp])
        ]
    }

    /// The target's directory (the shallowest folder holding one of its source files; under
    /// swift-tools-version 6.0 a plugin has no `directoryURL` of a target) and each folder above
    /// it up to the package's directory.
    static func directories(from target: SourceModuleTarget, upTo package: URL) -> [URL] {
        let root = package.standardizedFileURL
        let folders = target.sourceFiles.map { $0.url.deletingLastPathComponent().standardizedFileURL }
        guard var folder = folders.min(by: { $0.pathComponents.count < $1.pathComponents.count }),
              folder.path.hasPrefix(root.path) else { return [root] }
        var result = [folder]
        while folder.path != root.path, folder.pathComponents.count > root.pathComponents.count {
            folder = folder.deletingLastPathComponent().standardizedFileURL
            result.append(folder)
        }
        return result
    }

    /// The first config file in `directories`, in order.
    static func config(in directories: [URL]) -> URL? {
        for directory in directories {
            for name in configNames {
                let candidate = directory.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    return candidate
                }
            }
        }
        return nil
    }

    /// Every payload file below `directory` (hidden folders such as .build skipped): the
    /// command's inputs, a superset of the files the globs name.
    static func payloadFiles(below directory: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
            return []
        }
        var files: [URL] = []
        for case let url as URL in walk where payloadExtensions.contains(url.pathExtension.lowercased()) {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}
