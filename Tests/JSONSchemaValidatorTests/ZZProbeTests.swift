import XCTest
import JSONCore
import JSONSchemaValidator

final class ZZProbeTests: XCTestCase {
    func testProbe() throws {
        let d = try compile(#"{"properties": {"a": {"anyOf": [{"type": "string"}, {"type": "array"}], "properties": {"b": {"type": "string"}}}}}"#)
        let r = d.validate(try json(#"{"a": {"b": 1}}"#))
        print("PROBE", JSONWriter.string(r.output(.detailed), options: .pretty))
        let e = try compile(#"{"anyOf": [{"type": "string"}, {"type": "array"}], "required": ["x"], "properties": {"b": {"type": "string"}}}"#)
        print("PROBE", JSONWriter.string(e.validate(try json(#"{"b": 1}"#)).output(.detailed), options: .pretty))
    }
}
