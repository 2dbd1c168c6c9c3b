// libFuzzer target: JSONCore's byte-level parser.
//
// Oracles (a failed one traps, which libFuzzer reports as a crash):
// - parsing never traps; an error always carries a location inside the input;
// - a parsed value written compactly parses back to an equal value (writer/parser round trip);
// - parsing is independent of the duplicate-key policy except for `duplicateKey` errors;
// - tighter limits give either the same value or a `tooDeep`/`tooLarge` error;
// - whatever the tape (the validator's fast path) accepts, the parser accepts with the same
//   options and reads as the same value.
import JSONCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    check(bytes)
    return 0
}

func check(_ bytes: [UInt8]) {
    var options = JSONParseOptions()
    options.maxDepth = 256
    checkTape(bytes, options)
    checkTape(bytes, JSONParseOptions(maxDepth: 4, maxStringBytes: 16, maxNumberDigits: 8, maxBytes: 64))
    let first: JSONDocument
    do {
        first = try JSONParser.parse(bytes, options: options)
    } catch {
        expect(error.location.offset >= 0 && error.location.offset <= bytes.count, "error offset outside the input: \(error)")
        expect(error.location.line >= 1 && error.location.column >= 1, "bad error position: \(error)")
        expect(!error.message.isEmpty, "empty error message")
        // The BOM switch only changes BOM handling.
        if error.kind == .byteOrderMark {
            options.allowByteOrderMark = true
            _ = try? JSONParser.parse(bytes, options: options)
        }
        return
    }
    // Round trip through the writer (compact and pretty).
    for writerOptions in [JSONWriter.Options.compact, .pretty, .canonical] {
        let written = JSONWriter.bytes(first.root, options: writerOptions)
        do {
            let again = try JSONParser.parse(written, options: JSONParseOptions(maxDepth: 100_000))
            if writerOptions.sortKeys {
                // Sorting keys keeps the value when there are no duplicate keys.
                if first.duplicateKeys.isEmpty { expect(again.root == first.root, "canonical round trip changed the value") }
            } else {
                expect(again.root == first.root, "writer round trip changed the value")
            }
        } catch {
            fail("the writer produced unparsable JSON: \(error)")
        }
    }
    // Duplicate keys as errors: an error exactly when duplicates were recorded.
    var strict = options
    strict.duplicateKeys = .error
    do {
        let doc = try JSONParser.parse(bytes, options: strict)
        expect(first.duplicateKeys.isEmpty, "duplicates recorded but .error accepted the input")
        expect(doc.root == first.root, "duplicate policy changed the value")
    } catch {
        expect(error.kind == .duplicateKey, "the .error policy failed differently: \(error)")
        expect(!first.duplicateKeys.isEmpty, "duplicate-key error without recorded duplicates")
    }
    // Tight limits: same value or a limit error.
    let tight = JSONParseOptions(maxDepth: 4, maxStringBytes: 16, maxNumberDigits: 8, maxBytes: 64)
    do {
        let doc = try JSONParser.parse(bytes, options: tight)
        expect(doc.root == first.root, "limits changed the value")
    } catch {
        expect(error.kind == .tooDeep || error.kind == .tooLarge, "a limit produced \(error.kind): \(error)")
    }
    // Pointers of recorded duplicates resolve to locations.
    for dup in first.duplicateKeys { _ = first.location(of: dup.objectPointer) }
    // Numbers: exact value, double conversion and integer view never trap.
    visit(first.root, depth: 0)
}

func visit(_ value: JSONValue, depth: Int) {
    switch value {
    case .number(let n):
        _ = n.doubleValue
        _ = n.int64Value
        _ = n.exact.description
        _ = n.isMultiple(of: JSONNumber(3))
        _ = JSONNumber.compare(n, JSONNumber(0))
    case .array(let items):
        for item in items { visit(item, depth: depth + 1) }
    case .object(let object):
        for member in object.members { visit(member.value, depth: depth + 1) }
    default: break
    }
}

/// Traps with the message (kept in -O builds, unlike precondition's).
func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FUZZ ORACLE: " + message()) }
}

func fail(_ message: String) -> Never { fatalError("FUZZ ORACLE: " + message) }

/// The tape's contract with the parser, under `options`.
func checkTape(_ bytes: [UInt8], _ options: JSONParseOptions) {
    var tape = JSONTape()
    let read: JSONValue?? = bytes.withUnsafeBufferPointer { buffer in
        guard tape.parse(buffer, options: options) else { return .none }
        return .some(tape.withView(of: buffer, options: options) { rebuild($0, 0) })
    }
    guard let read else { return }
    guard let parsed = try? JSONParser.parse(bytes, options: options) else { fail("the tape accepted what the parser rejects") }
    expect(parsed.duplicateKeys.isEmpty, "the tape accepted duplicate keys")
    expect(read == parsed.root, "the tape and the parser read different values")
}

/// The value the tape describes at `index` (nil when its structure is inconsistent).
func rebuild(_ view: JSONTapeView, _ index: Int) -> JSONValue? {
    let e = view[index]
    switch e.kind {
    case .object:
        var members: [JSONObject.Member] = []
        var key = view.firstChild(index)
        for _ in 0..<Int(e.count) {
            guard view[key].kind == .string, let value = rebuild(view, key + 1) else { return nil }
            members.append(.init(key: view.string(key), value: value))
            key = view.nextMember(key)
        }
        return key == Int(e.next) ? .object(JSONObject(members)) : nil
    case .array:
        var items: [JSONValue] = []
        var item = view.firstChild(index)
        for _ in 0..<Int(e.count) {
            guard let value = rebuild(view, item) else { return nil }
            items.append(value)
            item = view.nextItem(item)
        }
        return item == Int(e.next) ? .array(items) : nil
    case .string:
        return .string(view.string(index))
    default:
        return view.value(index)
    }
}
