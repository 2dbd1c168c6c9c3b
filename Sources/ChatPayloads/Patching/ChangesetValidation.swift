import JSONCore
import JSONSchemaValidator

extension JSONPatcher.Kind {
    /// The bundled schema whose fields a changeset of this kind carries.
    package var schema: BundledSchema {
        switch self {
        case .user: return .user
        case .channel: return .channel
        case .membership: return .member
        }
    }
}

extension PayloadValidator {
    /// The errors of a real-time changeset (the `data` of a `set` event) under this validator's
    /// schema and profile: each member it carries must be what the schema allows there, since
    /// applying it writes the member into the payload.
    ///
    /// A changeset carries a subset of the fields, so `required` is not asked of it (its own
    /// required members, the ids, `updated` and `eTag`, are checked by the patch rule), and a
    /// member set to `null` clears the field, so `null` is not judged either. Warnings are left
    /// out. Positions are those of ``validate(value:)`` (none): locate the issues by their
    /// ``PayloadIssue/instanceLocation`` in the changeset's text.
    package func validate(changeset: JSONValue) -> [PayloadIssue] {
        let report = validate(value: changeset)
        guard !report.isValid else { return [] }
        return report.issues.filter { issue in
            guard issue.severity == .error else { return false }
            if issue.kind.schemaKeyword == .required { return false }
            if issue.instanceLocation.resolve(in: changeset) == .null { return false }
            return true
        }
    }
}
