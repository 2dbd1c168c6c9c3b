import Foundation
import PackagePlugin

/// `swift package validate-payloads [validate's arguments]`: runs `chatpayloads validate` in the
/// package's directory (so its `.chatpayloads.yml` is found) and exits with validate's status
/// (0 valid, 1 invalid, 2 unreadable, 3 schema or config error, 64 usage).
@main
struct ValidatePayloads: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "chatpayloads")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["validate"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        if status != 0 { exit(status) }
    }
}
