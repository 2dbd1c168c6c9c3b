import JSONCore

/// A compiled keyword: checks one instance against one keyword's meaning.
///
/// `validate` returns whether the instance passes; when the evaluation collects errors it
/// also reports them through ``Evaluation/fail(_:_:causes:)``, and it adds any annotations
/// (evaluated items/properties) to `annotations`. `tapeOp` gives the same check in the form the
/// fast path runs on a ``JSONTape`` (see ``TapePlanBuilder``).
protocol Keyword: Sendable {
    /// The keyword (its failures' ``ValidationError/keyword``).
    var name: SchemaKeyword { get }
    /// Checks `instance`.
    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool
    /// This keyword in tape form, added to `plan`; nil when the fast path has no form for it
    /// (a schema that reaches such a keyword always takes the ordinary path).
    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp?
}
