// The build step of the `ValidatePayloadFixtures` build-tool plugin (issue 20):
//
//   chatpayloads-fixtures --tool PATH --config PATH --stamp PATH
//
// reads the config (`ChatPayloadsConfig.load`, so the same YAML reader, config schema and path
// confinement as the CLI), lists the files below the config's directory that its `files:` globs
// name (the globs matched as the CLI matches them, by `ChatPayloadsConfig.schemaName(forPath:)`;
// only payload files: .json, .ndjson, .jsonl, .yaml, .yml, as a directory walk of `validate`
// takes them; hidden folders such as .build are skipped), and runs `chatpayloads validate
// --config PATH --quiet --color never` on them, whose text reporter prints each problem as
// `path:line:col: error: message`. It exits with validate's status (0 valid, 1 invalid,
// 2 unreadable, 3 config or schema error), and writes the stamp (a Swift file holding only a
// comment, so the build compiles it and cannot skip this step) only when every file is valid.
import ChatPayloads
import Foundation

/// The file name extensions of payload files (those `validate` takes from a directory).
let payloadExtensions: Set<String> = ["json", "ndjson", "jsonl", "yaml", "yml"]

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// The values of `--tool`, `--config` and `--stamp`, or nil (after saying why) on a usage error.
func parseArguments(_ arguments: [String]) -> (tool: String, config: String, stamp: String)? {
    var values: [String: String] = [:]
    var index = 0
    while index < arguments.count {
        let name = arguments[index]
        guard ["--tool", "--config", "--stamp"].contains(name), index + 1 < arguments.count else {
            printError("chatpayloads-fixtures: error: unexpected argument '\(name)'; usage: chatpayloads-fixtures --tool PATH --config PATH --stamp PATH")
            return nil
        }
        values[name] = arguments[index + 1]
        index += 2
    }
    guard let tool = values["--tool"], let config = values["--config"], let stamp = values["--stamp"] else {
        printError("chatpayloads-fixtures: error: usage: chatpayloads-fixtures --tool PATH --config PATH --stamp PATH")
        return nil
    }
    return (tool, config, stamp)
}

/// The payload files below `base` (absolute, sorted) that the config's `files:` globs name.
func namedFiles(_ config: ChatPayloadsConfig, base: URL) -> [String] {
    let keys: [URLResourceKey] = [.isDirectoryKey]
    guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else {
        return []
    }
    var files: [String] = []
    for case let url as URL in walk {
        guard (try? url.resourceValues(forKeys: Set(keys)).isDirectory) != true,
              payloadExtensions.contains(url.pathExtension.lowercased()) else { continue }
        let path = url.standardizedFileURL.path
        if config.schemaName(forPath: path) != nil { files.append(path) }
    }
    return files.sorted()
}

/// Runs the check; the process's exit status.
func run() -> Int32 {
    guard let arguments = parseArguments(Array(CommandLine.arguments.dropFirst())) else { return 64 }
    let stamp = URL(fileURLWithPath: arguments.stamp)
    try? FileManager.default.removeItem(at: stamp)
    let configURL = URL(fileURLWithPath: arguments.config).standardizedFileURL
    let config: ChatPayloadsConfig
    do {
        config = try ChatPayloadsConfig.load(path: configURL.path)
    } catch {
        printError(error.description)
        return 3
    }
    let files = namedFiles(config, base: configURL.deletingLastPathComponent())
    if files.isEmpty {
        printError("\(configURL.path): warning: no payload file below this directory matches the files: globs; nothing to validate")
    } else {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments.tool)
        process.arguments = ["validate", "--config", configURL.path, "--quiet", "--color", "never", "--"] + files
        do {
            try process.run()
        } catch {
            printError("chatpayloads-fixtures: error: cannot run \(arguments.tool): \(error.localizedDescription)")
            return 3
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            return process.terminationReason == .exit ? process.terminationStatus : 3
        }
    }
    let text = "// chatpayloads-fixtures: \(files.count) payload file(s) named by \(configURL.lastPathComponent) are valid.\n"
    do {
        try FileManager.default.createDirectory(at: stamp.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: stamp)
    } catch {
        printError("chatpayloads-fixtures: error: cannot write \(stamp.path): \(error.localizedDescription)")
        return 3
    }
    return 0
}

exit(run())
