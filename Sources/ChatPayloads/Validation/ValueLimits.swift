import JSONCore

/// The parser limits (`max-depth`, `max-string-bytes`, `max-number-digits`) checked on a value
/// that did not come from JSON text (a YAML document), so that every input form is bounded the
/// same way. Numbers count their significant digits (the text is gone).
struct ValueLimits {
    let profile: Profile

    /// The first limit `value` goes over, as an error issue at the offending value; nil when
    /// it stays within them. Iterative: any nesting is safe to walk.
    func firstIssue(in value: JSONValue) -> PayloadIssue? {
        var work: [(value: JSONValue, depth: Int, pointer: JSONPointer)] = [(value, 0, .root)]
        while let (v, depth, pointer) = work.popLast() {
            switch v {
            case .array(let items):
                if depth + 1 > profile.maxDepth { return tooDeep(at: pointer) }
                for (i, item) in items.enumerated().reversed() { work.append((item, depth + 1, pointer.appending(String(i)))) }
            case .object(let object):
                if depth + 1 > profile.maxDepth { return tooDeep(at: pointer) }
                for member in object.members.reversed() {
                    let bytes = member.key.utf8.count
                    if bytes > profile.maxStringBytes {
                        return issue(.maxStringBytes, "a member name is \(bytes) bytes, longer than the limit of \(profile.maxStringBytes) bytes", at: pointer)
                    }
                    work.append((member.value, depth + 1, pointer.appending(member.key)))
                }
            case .string(let s):
                let bytes = s.utf8.count
                if bytes > profile.maxStringBytes {
                    return issue(.maxStringBytes, "the string is \(bytes) bytes, longer than the limit of \(profile.maxStringBytes) bytes", at: pointer)
                }
            case .number(let n):
                if case .decimal(let d) = n, d.digits.count > profile.maxNumberDigits {
                    return issue(.maxNumberDigits, "the number has \(d.digits.count) significant digits, over the limit of \(profile.maxNumberDigits)", at: pointer)
                }
            default:
                break
            }
        }
        return nil
    }

    private func tooDeep(at pointer: JSONPointer) -> PayloadIssue {
        issue(.maxDepth, "the payload nests deeper than \(profile.maxDepth) level\(profile.maxDepth == 1 ? "" : "s")", at: pointer)
    }

    private func issue(_ limit: Profile.Limit, _ message: String, at pointer: JSONPointer) -> PayloadIssue {
        PayloadIssue(severity: .error, message: "\(message) (\(limit.key))", instanceLocation: pointer, kind: .limit(limit))
    }
}
