import Foundation
import XCTest
import JSONCore
import JSONSchemaValidator

/// Compiles a schema text, failing the test (and rethrowing) when it does not compile.
public func compile(
    _ text: String, options: ValidatorOptions = ValidatorOptions(), registry: SchemaRegistry = .standard,
    file: StaticString = #filePath, line: UInt = #line
) throws -> JSONSchema {
    do {
        return try JSONSchema(parsing: text, registry: registry, options: options)
    } catch {
        XCTFail("schema did not compile: \(error)\n\(text)", file: file, line: line)
        throw error
    }
}

/// Parses JSON text, failing the test (and rethrowing) when it is not JSON.
public func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
    do {
        return try JSONParser.parse(text).root
    } catch {
        XCTFail("not JSON: \(error)\n\(text)", file: file, line: line)
        throw error
    }
}

/// Validates `instance` through both the fast and the full path and checks that they agree
/// (and that an invalid result always carries at least one error).
@discardableResult
public func check(_ schema: JSONSchema, _ instance: JSONValue, file: StaticString = #filePath, line: UInt = #line) -> ValidationResult {
    let fast = schema.isValid(instance)
    let full = schema.validate(instance)
    XCTAssertEqual(fast, full.isValid, "isValid and validate disagree on \(instance)", file: file, line: line)
    if !full.isValid {
        XCTAssertFalse(full.errors.isEmpty, "invalid result without errors for \(instance)", file: file, line: line)
    } else {
        XCTAssertTrue(full.errors.isEmpty, "valid result with errors for \(instance)", file: file, line: line)
    }
    return full
}

/// Asserts that every instance text is valid against the schema text.
public func assertValid(
    _ schemaText: String, _ instances: String..., options: ValidatorOptions = ValidatorOptions(),
    registry: SchemaRegistry = .standard, file: StaticString = #filePath, line: UInt = #line
) {
    guard let schema = try? compile(schemaText, options: options, registry: registry, file: file, line: line) else { return }
    for text in instances {
        guard let value = try? json(text, file: file, line: line) else { continue }
        let result = check(schema, value, file: file, line: line)
        XCTAssertTrue(result.isValid, "\(text) should be valid against \(schemaText); errors: \(result.allErrors.map(\.description))", file: file, line: line)
    }
}

/// Asserts that the instance text is invalid; optionally that some error unit has exactly
/// `message`, `keyword` and instance location `at` (a JSON Pointer string).
@discardableResult
public func assertInvalid(
    _ schemaText: String, _ instanceText: String, message: String? = nil, keyword: SchemaKeyword? = nil, at pointer: String? = nil,
    options: ValidatorOptions = ValidatorOptions(), registry: SchemaRegistry = .standard,
    file: StaticString = #filePath, line: UInt = #line
) -> ValidationResult? {
    guard let schema = try? compile(schemaText, options: options, registry: registry, file: file, line: line),
          let value = try? json(instanceText, file: file, line: line) else { return nil }
    let result = check(schema, value, file: file, line: line)
    XCTAssertFalse(result.isValid, "\(instanceText) should be invalid against \(schemaText)", file: file, line: line)
    let all = result.allErrors
    if message != nil || keyword != nil || pointer != nil {
        let hit = all.contains { e in
            (message == nil || e.message == message) && (keyword == nil || e.keyword == keyword)
                && (pointer == nil || e.instanceLocation.description == pointer)
        }
        XCTAssertTrue(hit, "no error with message \(message ?? "*"), keyword \(keyword?.name ?? "*"), at \(pointer ?? "*"); got:\n\(all.map { "  \($0.keywordName) @\($0.instanceLocation): \($0.message)" }.joined(separator: "\n"))", file: file, line: line)
    }
    return result
}

/// Asserts that compiling the schema text throws a ``SchemaError`` of `kind`, optionally at
/// `pointer` and with a message containing `fragment`.
@discardableResult
public func assertSchemaError(
    _ schemaText: String, kind: SchemaError.Kind, pointer: String? = nil, containing fragment: String? = nil,
    options: ValidatorOptions = ValidatorOptions(), registry: SchemaRegistry = .standard,
    file: StaticString = #filePath, line: UInt = #line
) -> SchemaError? {
    do {
        _ = try JSONSchema(parsing: schemaText, registry: registry, options: options)
        XCTFail("schema should not compile: \(schemaText)", file: file, line: line)
        return nil
    } catch {
        XCTAssertEqual(error.kind, kind, "wrong kind for \(schemaText): \(error)", file: file, line: line)
        if let pointer { XCTAssertEqual(error.pointer.description, pointer, "pointer of \(error)", file: file, line: line) }
        if let fragment {
            XCTAssertTrue(error.message.contains(fragment), "message \(error.message.debugDescription) lacks \(fragment.debugDescription)", file: file, line: line)
        }
        return error
    }
}

/// Seconds taken by `body`.
public func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
