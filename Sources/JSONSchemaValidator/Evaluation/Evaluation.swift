import JSONCore

/// The state of one validation run: error collection, paths, the dynamic scope, and limits.
///
/// In the fast mode (`collectErrors == false`) nothing is allocated for reporting: paths are not
/// tracked and keywords stop at the first failure.
struct Evaluation {
    /// Whether errors are being collected (otherwise only validity matters).
    let collectErrors: Bool
    /// Whether evaluated items/properties must be tracked (the schema uses `unevaluated*`).
    let trackAnnotations: Bool
    /// How deeply schema evaluation may nest on one instance value before it is reported as a
    /// reference cycle (steps into child values start a new count).
    let maxDepth: Int
    /// A cap on total nesting (instance depth and schema depth together), to protect the stack
    /// (``ValidatorOptions/maxTotalEvaluationDepth``).
    let maxTotalDepth: Int
    /// The regex step budget for one `pattern` test.
    let regexStepLimit: Int
    /// The regex step budget for the whole payload (``ValidatorOptions/regexStepsPerPayload``).
    let regexStepsPerPayload: Int
    /// Regex steps spent so far on this payload (beyond each input's linear allowance).
    var regexStepsSpent = 0
    /// The limit that left this evaluation undecided, once one is hit. From then on every node
    /// evaluates to false at once, and the verdict is "not decided" whatever the combinators
    /// above made of that false (see ``ValidationResult/limit``).
    var undecided: ValidationLimit?
    /// Whether ``undecided`` is set (a plain flag: the hot loops test it).
    var limitReached = false {
        didSet { stopsAtFailure = !collectErrors || errorsOverflowed || limitReached || collectionBudgetSpent }
    }
    /// The error that says where ``undecided`` was reached (only when errors are collected).
    var limitError: ValidationError?
    /// Node evaluations so far (what the linear-evaluation tests count).
    var nodeEvaluations = 0
    /// Collected errors (flat; applicators put branch errors in `causes`).
    var errors: [ValidationError] = []
    /// Schema resources entered, outermost first (for `$dynamicRef`).
    var dynamicScope: [SchemaResource] = []
    /// Evaluation path tokens to the current node (only when collecting).
    var keywordPath: [String] = []
    /// Instance path tokens to the current value (only when collecting).
    var instancePath: [String] = []
    /// For each instance token, whether it is an array index.
    var instanceIsIndex: [Bool] = []
    /// The node being evaluated.
    var currentLocation: String = ""
    /// The number of errors collected before the current node started.
    var nodeErrorStart = 0
    /// Nesting on the current instance value.
    var depth = 0
    /// Total nesting.
    var totalDepth = 0

    /// The most errors one list (the result, or one branch being captured) collects.
    let maxErrors: Int
    /// Whether a failure was dropped because the current error list was full: evaluation then
    /// stops at the first failure, as in the fast mode (validity is unaffected).
    var errorsOverflowed = false {
        didSet { stopsAtFailure = !collectErrors || errorsOverflowed || limitReached || collectionBudgetSpent }
    }
    /// Node evaluations error collection may take before it stops looking for more errors
    /// (``EvaluationMemo/collectionBudget(for:verdictEvaluations:)``); unlimited unless set.
    var collectionBudget = Int.max
    /// Whether ``collectionBudget`` was spent: from then on keywords stop at their first failure
    /// (the result is truncated; its validity is unaffected).
    var collectionBudgetSpent = false {
        didSet { stopsAtFailure = !collectErrors || errorsOverflowed || limitReached || collectionBudgetSpent }
    }
    /// Whether verdicts may be remembered per (reference target, container)
    /// (``EvaluationMemo``): set by ``JSONSchema`` for a caller's own instance tree, never for
    /// the tape path's materialized temporaries.
    var memoAllowed = false
    /// The remembered verdicts (``EvaluationMemo``).
    var memo = EvaluationMemo()
    /// How many conditions the current node is inside: subschemas whose result decides
    /// something rather than being reported as it is (the `if` of a conditional, `not`, each
    /// `anyOf`/`oneOf` branch, `contains`; exactly the evaluations ``capturingErrors(_:)``
    /// runs). An advisory keyword (``AdvisoryRule``) is advisory only at depth 0.
    var conditionDepth = 0
    /// Whether an advisory keyword failed where it would have decided (``AdvisoryKeyword``).
    var advisoryFailed = false
    /// Those failures' errors, when errors are collected (at most ``maxErrors``).
    var advisories: [ValidationError] = []
    /// Whether an advisory failure was dropped because ``advisories`` was full.
    var advisoriesOverflowed = false
    /// Whether a keyword returns at its first failure instead of looking for more: always in
    /// the fast mode, once the error list is full, and once a limit was reached (a stored flag,
    /// kept up to date, because every applicator's loop reads it).
    private(set) var stopsAtFailure: Bool

    init(collectErrors: Bool, trackAnnotations: Bool, options: ValidatorOptions) {
        self.collectErrors = collectErrors
        self.trackAnnotations = trackAnnotations
        self.maxDepth = options.maxEvaluationDepth
        self.maxTotalDepth = options.maxTotalEvaluationDepth
        self.regexStepLimit = options.regexStepLimit
        self.regexStepsPerPayload = options.regexStepsPerPayload
        self.maxErrors = max(1, options.maxErrors)
        self.stopsAtFailure = !collectErrors
    }


    /// Evaluates `node` against `instance`, adding annotations when valid.
    mutating func evaluate(_ node: SchemaNode, _ instance: JSONValue, _ annotations: inout Annotations) -> Bool {
        switch node.kind {
        case .alwaysValid:
            return true
        case .alwaysInvalid:
            let saved = currentLocation
            currentLocation = node.absoluteLocation
            fail(.falseSchema, ownLocation: true) { _ in "no value is allowed here (the schema is false)" }
            currentLocation = saved
            return false
        case .keywords:
            break
        }
        if limitReached { return false }
        nodeEvaluations &+= 1
        if nodeEvaluations > collectionBudget && !collectionBudgetSpent { collectionBudgetSpent = true }
        if depth >= maxDepth || totalDepth >= maxTotalDepth {
            depthLimitReached(at: node)
            return false
        }
        depth += 1
        totalDepth += 1
        let pushed = dynamicScope.last !== node.resource
        if pushed { dynamicScope.append(node.resource) }
        let saved = currentLocation
        let savedErrorStart = nodeErrorStart
        currentLocation = node.absoluteLocation
        nodeErrorStart = errors.count
        var local = Annotations()
        var valid = true
        for keyword in node.keywords {
            if !keyword.validate(instance, &self, &local) {
                valid = false
                if stopsAtFailure { break }
            }
            // A limit ends the evaluation: a keyword that turned the limit's false into a pass
            // (`not`, `if`, `anyOf`...) does not make this node pass.
            if limitReached {
                valid = false
                break
            }
        }
        if trackAnnotations {
            if valid {
                annotations.merge(local)
            } else if collectErrors {
                annotations.mergeAttempted(local)
            }
        }
        currentLocation = saved
        nodeErrorStart = savedErrorStart
        if pushed { dynamicScope.removeLast() }
        depth -= 1
        totalDepth -= 1
        return valid
    }

    /// Evaluates a subschema reached through `keywordTokens` on the same instance.
    @inline(__always)
    mutating func evaluate(_ node: SchemaNode, _ instance: JSONValue, keywordTokens: String..., into annotations: inout Annotations) -> Bool {
        if !collectErrors { return evaluate(node, instance, &annotations) }
        keywordPath.append(contentsOf: keywordTokens)
        let ok = evaluate(node, instance, &annotations)
        keywordPath.removeLast(keywordTokens.count)
        return ok
    }

    /// Evaluates a subschema on a child value (its own count of same-value nesting).
    @inline(__always)
    mutating func evaluateChild(_ node: SchemaNode, _ instance: JSONValue, _ annotations: inout Annotations) -> Bool {
        let saved = depth
        depth = 0
        let ok = evaluate(node, instance, &annotations)
        depth = saved
        return ok
    }

    /// Evaluates a subschema on the object member `key`.
    @inline(__always)
    mutating func evaluate(_ node: SchemaNode, _ instance: JSONValue, keywordTokens: String..., key: String, into annotations: inout Annotations) -> Bool {
        if !collectErrors { return evaluateChild(node, instance, &annotations) }
        keywordPath.append(contentsOf: keywordTokens)
        instancePath.append(key)
        instanceIsIndex.append(false)
        let ok = evaluateChild(node, instance, &annotations)
        keywordPath.removeLast(keywordTokens.count)
        instancePath.removeLast()
        instanceIsIndex.removeLast()
        return ok
    }

    /// Evaluates a subschema on the array item at `index`.
    @inline(__always)
    mutating func evaluate(_ node: SchemaNode, _ instance: JSONValue, keywordTokens: String..., index: Int, into annotations: inout Annotations) -> Bool {
        if !collectErrors { return evaluateChild(node, instance, &annotations) }
        keywordPath.append(contentsOf: keywordTokens)
        instancePath.append(String(index))
        instanceIsIndex.append(true)
        let ok = evaluateChild(node, instance, &annotations)
        keywordPath.removeLast(keywordTokens.count)
        instancePath.removeLast()
        instanceIsIndex.removeLast()
        return ok
    }

    /// Records a failure of `keyword` at the current node; with `atKey`/`atIndex`, at a child
    /// instance location (an object member or an array item). The message closure runs only
    /// when errors are collected.
    /// When the error list already holds ``maxErrors`` errors, the failure is dropped and
    /// ``errorsOverflowed`` is set.
    mutating func fail(
        _ keyword: SchemaKeyword, atKey key: String? = nil, atIndex index: Int? = nil, causes: [[ValidationError]] = [],
        ownLocation: Bool = false, _ message: (Evaluation) -> String
    ) {
        guard collectErrors else { return }
        guard errors.count < maxErrors else {
            errorsOverflowed = true
            return
        }
        if let key {
            instancePath.append(key)
            instanceIsIndex.append(false)
        } else if let index {
            instancePath.append(String(index))
            instanceIsIndex.append(true)
        }
        let text = message(self)
        errors.append(makeError(keyword, text, causes: causes, ownLocation: ownLocation))
        if key != nil || index != nil {
            instancePath.removeLast()
            instanceIsIndex.removeLast()
        }
    }

    /// The error unit of a failure of `keyword` at the current node and instance location.
    func makeError(_ keyword: SchemaKeyword, _ message: String, causes: [[ValidationError]], ownLocation: Bool) -> ValidationError {
        let (keywordLocation, absolute) = locations(of: ownLocation ? nil : keyword)
        return ValidationError(
            keyword: keyword, keywordLocation: keywordLocation, absoluteKeywordLocation: absolute,
            instanceLocation: JSONPointer(tokens: instancePath), message: message, causes: causes)
    }

    /// The evaluation path and the absolute location (fragment encoded) of `keyword` at the
    /// current node, or of the node itself when `keyword` is nil.
    func locations(of keyword: SchemaKeyword?) -> (keywordLocation: String, absoluteKeywordLocation: String) {
        var kl = ""
        for t in keywordPath {
            kl += "/"
            kl += JSONPointer.escape(t)
        }
        var abs = currentLocation
        if let keyword {
            // A keyword's name has no `~` or `/` to escape (SchemaKeywordTests).
            kl += "/" + keyword.name
            abs += "/" + keyword.name
        }
        return (kl, URIReference.encodingFragment(abs))
    }

    /// Runs `body` with error collection redirected into a separate list (with its own
    /// ``maxErrors`` budget), returned alongside. What runs there is a condition
    /// (``conditionDepth``): its failures are not reported as they are but decide something.
    mutating func capturingErrors<T>(_ body: (inout Evaluation) -> T) -> (T, [ValidationError]) {
        conditionDepth += 1
        defer { conditionDepth -= 1 }
        guard collectErrors else { return (body(&self), []) }
        let saved = errors
        let savedOverflow = errorsOverflowed
        errors = []
        errorsOverflowed = false
        let result = body(&self)
        let captured = errors
        errors = saved
        errorsOverflowed = savedOverflow
        return (result, captured)
    }
}
