import ChatPayloads

/// What the run found for one payload: the library's ``CheckedPayload`` (verdict, issues in
/// the input's coordinates, `basic` output, the record when one was built), read and written
/// through this result by name (`result.outcome`, `result.issues`: ``subscript(dynamicMember:)``),
/// and where it sits in the run.
@dynamicMemberLookup
package struct PayloadResult: Sendable {
    /// The input's index in the run's input list.
    package var inputIndex: Int
    /// The payload's 0-based index within its input.
    package var recordIndex: Int
    package var schemaSource: SchemaSource
    /// What the check found.
    package var checked: CheckedPayload
    /// Seconds spent on this payload.
    package var seconds: Double
    /// The input could not be read at all (``WorkItem/inputUnreadable``).
    package var inputUnreadable = false

    /// A property of ``checked`` (`label`, `schemaName`, `autoDetected`, `outcome`, `issues`,
    /// `output`, `passed`, `record`, `startLine`...).
    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<CheckedPayload, Value>) -> Value {
        get { checked[keyPath: keyPath] }
        set { checked[keyPath: keyPath] = newValue }
    }

    /// A read-only property of ``checked`` (`isDecided`, `startLine`, `startColumn`).
    package subscript<Value>(dynamicMember keyPath: KeyPath<CheckedPayload, Value>) -> Value {
        checked[keyPath: keyPath]
    }
}

extension PayloadResult {
    /// A result from its parts (the memberwise initializer takes the ``CheckedPayload`` whole).
    package init(
        inputIndex: Int, recordIndex: Int, label: PayloadLabel, schemaName: String?, schemaSource: SchemaSource, autoDetected: Bool,
        outcome: PayloadVerdict, issues: [PayloadIssue], basicOutput: PayloadOutput?, seconds: Double, passed: Bool
    ) {
        var checked = CheckedPayload(label: label, schemaName: schemaName)
        checked.autoDetected = autoDetected
        checked.outcome = outcome
        checked.issues = issues
        checked.output = basicOutput
        checked.passed = passed
        self.init(inputIndex: inputIndex, recordIndex: recordIndex, schemaSource: schemaSource, checked: checked, seconds: seconds)
    }

    package var errors: [PayloadIssue] { checked.issues.filter { $0.severity == .error } }
    package var warnings: [PayloadIssue] { checked.issues.filter { $0.severity == .warning } }
}
