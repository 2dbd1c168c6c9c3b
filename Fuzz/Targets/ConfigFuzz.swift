// libFuzzer target: the YAML config loader (`ChatPayloadsConfig.parse`, which runs Yams, the
// YAML-to-JSON conversion, the config schema check and the interpretation), plus the YAML
// instance reader on the same text.
//
// Oracles: never traps or hangs (alias bombs are capped); an error carries a message and a
// non-negative position; a loaded config has sane limits; the YAML reader and the config loader
// agree on whether the text is YAML at all.
import ChatPayloads
import JSONCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    var yamlError: ChatPayloadsError?
    var documents: [YAMLInstance.Document] = []
    do {
        documents = try YAMLInstance.parseDocuments(text, file: "fuzz.yml")
        for document in documents {
            _ = document.position(of: .root)
            _ = JSONWriter.bytes(document.value)
        }
    } catch {
        yamlError = error
        expect(!error.message.isEmpty, "empty YAML error message")
        expect((error.line ?? 0) >= 0 && (error.column ?? 0) >= 0, "negative YAML error position")
    }
    do {
        let config = try ChatPayloadsConfig.parse(text, file: "fuzz.yml", baseDirectory: "/nonexistent-fuzz-base")
        expect(yamlError == nil, "the config loader accepted text the YAML reader rejects: \(yamlError!)")
        expect(config.profile.maxDepth > 0 && config.profile.maxBytes > 0, "non-positive limits accepted")
        for (glob, _) in config.files { _ = config.schemaName(forPath: glob) }
        _ = config.schemaName(forPath: "fixtures/users/a.json")
    } catch {
        expect(!error.message.isEmpty, "empty config error message")
        expect(error.line >= 0 && error.column >= 0, "negative config error position")
        expect(error.file == "fuzz.yml", "error labelled with another file")
    }
    return 0
}

/// Traps with the message (kept in -O builds, unlike precondition's).
func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FUZZ ORACLE: " + message()) }
}

func fail(_ message: String) -> Never { fatalError("FUZZ ORACLE: " + message) }
