import JSONCore

/// A compiled keyword: checks one instance against one keyword's meaning.
///
/// `validate` returns whether the instance passes; when the evaluation collects errors it
/// also reports them through ``Evaluation/fail(_:_:causes:)``, and it adds any annotations
/// (evaluated items/properties) to `annotations`.
protocol Keyword: Sendable {
    /// The keyword name as it appears in the schema.
    var name: String { get }
    /// Checks `instance`.
    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool
}

