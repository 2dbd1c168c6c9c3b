import JSONCore

/// Classifies what another platform's decoder did with a codec vector (see
/// ``VectorResult/Classification``).
///
/// The rules, under the chosen profile:
/// - the command crashed, hung or broke the protocol: **failed**;
/// - it rejected the payload: **agrees** when the profile rejects it too, else **dropped**;
/// - it accepted a payload the profile rejects: **lenient**;
/// - it accepted a payload the profile accepts: its re-encoding is compared with the canonical
///   payload (``PayloadComparison``) and validated under the profile. **lossy** when some
///   difference matters (a value lost or changed) or the re-encoding is rejected under the
///   profile (then every harmless-looking note matters too, e.g. a kept unknown member under
///   strict's closed objects); otherwise **agrees**, with the harmless differences as notes.
package struct CodecVectorClassifier: Sendable {
    /// The profile whose verdicts count.
    package let profile: ProfileName
    /// Validators of the profile, by kind.
    let validators: [CodecVectorKind: PayloadValidator]

    /// Compiles the profile's validators.
    package init(profile: ProfileName) throws(ChatPayloadsError) {
        self.profile = profile
        var validators: [CodecVectorKind: PayloadValidator] = [:]
        for kind in CodecVectorKind.allCases {
            validators[kind] = try PayloadValidator(schema: .bundled(kind.schema), profile: .named(profile))
        }
        self.validators = validators
    }

    /// The result for `vector` given the command's `response`.
    package func classify(_ vector: CodecVector, response: DecoderResponse) -> VectorResult {
        func result(_ c: VectorResult.Classification, _ summary: String, _ differences: [PayloadDifference] = []) -> VectorResult {
            VectorResult(id: vector.id, kind: vector.kind, classification: c, summary: summary, differences: differences)
        }
        guard let expectation = vector.expectations[profile] else {
            return result(.failed, "the vector has no expectation under \(profile.rawValue)")
        }
        let accepts = expectation.verdict == .accept
        switch response {
        case .failed(let message):
            return result(.failed, message)
        case .rejected(let message):
            if !accepts { return result(.agrees, "") }
            return result(.dropped, "rejected a payload \(profile.rawValue) accepts (\(message))")
        case .unreadableOutput(let message):
            if !accepts { return result(.lenient, "accepted a payload \(profile.rawValue) rejects: \(expectation.reason ?? "rejected")") }
            return result(.lossy, "the re-encoding is not JSON: \(message)")
        case .accepted(let document, let at):
            if !accepts { return result(.lenient, "accepted a payload \(profile.rawValue) rejects: \(expectation.reason ?? "rejected")") }
            return compare(vector, document, at: at, result: result)
        }
    }

    private func compare(
        _ vector: CodecVector, _ document: JSONDocument, at: JSONPointer,
        result: (VectorResult.Classification, String, [PayloadDifference]) -> VectorResult
    ) -> VectorResult {
        guard let expected = vector.canonicalDocument, let actual = at.resolve(in: document.root) else {
            return result(.failed, "the vector has no canonical payload", [])
        }
        let original = try? JSONParser.parse(vector.payload)
        var differences = PayloadComparison.compare(expected: expected, actual: document, actualAt: at, original: original?.root)
        if let validator = validators[vector.kind] {
            let report = validator.validate(value: actual)
            if let error = report.errors.first {
                differences = differences.map { d in
                    var d = d
                    if !d.matters {
                        d.matters = true
                        d.explanation += " (matters: \(profile.rawValue) rejects the re-encoding)"
                    }
                    return d
                }
                differences.append(PayloadDifference(
                    pointer: error.instanceLocation, kind: .rejectedByProfile,
                    explanation: "the re-encoding is rejected under \(profile.rawValue): \(error.message)"))
            }
        }
        let mattering = differences.filter(\.matters).count
        if mattering > 0 {
            return result(.lossy, "the re-encoding differs from the canonical payload (\(mattering) difference\(mattering == 1 ? "" : "s"))", differences)
        }
        let notes = differences.count
        return result(.agrees, notes == 0 ? "" : "\(notes) harmless note\(notes == 1 ? "" : "s")", differences)
    }
}
