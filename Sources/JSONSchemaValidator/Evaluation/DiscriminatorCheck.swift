import JSONCore

/// The cheap part of a subschema, evaluated before the whole of it where an applicator tries
/// several branches (`anyOf`, `oneOf`): the node's plain assertions (`type`, `const`, `enum`,
/// `required`, bounds...), the same through `$ref` and `allOf` on the same value, and the
/// members whose `properties` subschema is itself only assertions (a discriminating member's
/// `const`). A branch that fails its cheap part fails, whatever the rest says, so it is not
/// descended into: a grammar whose branches differ by an operator's name is evaluated in time
/// linear in the instance, whatever order the members come in.
enum DiscriminatorCheck {
    /// How many `$ref`/`allOf` hops the cheap part follows (it never recurses further).
    static let maxHops = 8

    /// Marks each node's plain assertions (``SchemaNode/assertionMask``) and whether it has
    /// nothing else (``SchemaNode/isShallow``). Runs once, after compilation.
    static func prepare(_ nodes: [SchemaNode]) {
        for node in nodes {
            guard node.kind == .keywords else {
                node.isShallow = true
                continue
            }
            var mask: UInt64 = 0
            var all = true
            for (i, keyword) in node.keywords.enumerated() {
                if isAssertion(keyword), i < 64 {
                    mask |= 1 << UInt64(i)
                } else {
                    all = false
                }
            }
            node.assertionMask = mask
            node.isShallow = all
        }
    }

    /// Whether `keyword` looks at the instance only (no subschemas, no references).
    static func isAssertion(_ keyword: any Keyword) -> Bool {
        guard !keyword.name.name.hasPrefix("$"), let definition = KeywordTable.byKeyword[keyword.name] else { return false }
        return definition.subschemas == nil
    }
}

extension Evaluation {
    /// When the branch `node` of an `anyOf`/`oneOf` fails its cheap part: the errors of that
    /// part (empty when errors are not collected); nil when it holds or the branch is cheap
    /// anyway (it is then evaluated in full). Under error collection with `unevaluated*`, every
    /// branch is evaluated in full, as the members a failed branch examined matter there.
    mutating func failsDiscriminator(_ node: SchemaNode, _ instance: JSONValue, keywordTokens: String...) -> [ValidationError]? {
        guard !node.isShallow, !(collectErrors && trackAnnotations) else { return nil }
        let (ok, errors) = capturingErrors { ev in
            if !ev.collectErrors { return ev.evaluateCheapPart(node, instance, hops: DiscriminatorCheck.maxHops) }
            ev.keywordPath.append(contentsOf: keywordTokens)
            let ok = ev.evaluateCheapPart(node, instance, hops: DiscriminatorCheck.maxHops)
            ev.keywordPath.removeLast(keywordTokens.count)
            return ok
        }
        return ok ? nil : errors
    }

    /// ``evaluateCheapPart(_:_:hops:)`` of a branch reached through `keywordTokens`.
    mutating func evaluateBranchCheapPart(_ node: SchemaNode, _ instance: JSONValue, keywordTokens: String...) -> Bool {
        if !collectErrors { return evaluateCheapPart(node, instance, hops: DiscriminatorCheck.maxHops) }
        keywordPath.append(contentsOf: keywordTokens)
        let ok = evaluateCheapPart(node, instance, hops: DiscriminatorCheck.maxHops)
        keywordPath.removeLast(keywordTokens.count)
        return ok
    }

    /// Whether `node`'s cheap part (see ``DiscriminatorCheck``) holds for `instance`; when
    /// errors are collected, the failures of that part are recorded where the full evaluation
    /// records them. False means the node fails; true says nothing about the rest.
    mutating func evaluateCheapPart(_ node: SchemaNode, _ instance: JSONValue, hops: Int) -> Bool {
        var ignored = Annotations()
        if node.isShallow { return evaluate(node, instance, &ignored) }
        if limitReached { return false }
        nodeEvaluations &+= 1
        let savedLocation = currentLocation
        let savedErrorStart = nodeErrorStart
        currentLocation = node.absoluteLocation
        nodeErrorStart = errors.count
        defer {
            currentLocation = savedLocation
            nodeErrorStart = savedErrorStart
        }
        var valid = true
        for (i, keyword) in node.keywords.enumerated() {
            var ok = true
            if i < 64, node.assertionMask & (1 << UInt64(i)) != 0 {
                ok = keyword.validate(instance, &self, &ignored)
            } else if hops > 0, let ref = keyword as? RefKeyword {
                ok = evaluateCheapPart(through: ref.target, instance, keywordTokens: "$ref", hops: hops - 1)
            } else if hops > 0, let allOf = keyword as? AllOfKeyword {
                for (k, schema) in allOf.schemas.enumerated() where !evaluateCheapPart(through: schema, instance, keywordTokens: "allOf", String(k), hops: hops - 1) {
                    ok = false
                    if stopsAtFailure { break }
                }
            } else if let properties = keyword as? PropertiesKeyword, case .object(let object) = instance {
                for member in object.members {
                    guard let schema = properties.propertySchema(member.key), schema.isShallow else { continue }
                    var child = Annotations()
                    if !evaluate(schema, member.value, keywordTokens: "properties", member.key, key: member.key, into: &child) {
                        ok = false
                        if stopsAtFailure { break }
                    }
                }
            }
            if !ok {
                valid = false
                if stopsAtFailure { break }
            }
            if limitReached { return false }
        }
        return valid
    }

    private mutating func evaluateCheapPart(through node: SchemaNode, _ instance: JSONValue, keywordTokens: String..., hops: Int) -> Bool {
        if !collectErrors { return evaluateCheapPart(node, instance, hops: hops) }
        keywordPath.append(contentsOf: keywordTokens)
        let ok = evaluateCheapPart(node, instance, hops: hops)
        keywordPath.removeLast(keywordTokens.count)
        return ok
    }
}

extension TapeEvaluator {
    /// Whether the branch `index` of an `anyOf`/`oneOf` passes its cheap part (a shallow branch
    /// is left to its full evaluation), as ``Evaluation/failsDiscriminator(_:_:keywordTokens:)``.
    @inline(__always)
    mutating func branchCheapPartHolds(_ index: Int32, _ at: Int) -> Bool {
        nodes[Int(index)].isShallow || evaluateCheapPart(index, at)
    }

    /// ``Evaluation/evaluateCheapPart(_:_:hops:)`` on the tape: the same keywords, in the same order.
    mutating func evaluateCheapPart(_ index: Int32, _ at: Int, hops: Int = DiscriminatorCheck.maxHops) -> Bool {
        let node = nodes[Int(index)]
        var ignored = EvaluatedIndices()
        if node.isShallow { return evaluate(index, at, &ignored) }
        if scratch.limitReached { return false }
        scratch.nodeEvaluations &+= 1
        for (i, op) in node.ops.enumerated() {
            var ok = true
            if i < 64, node.assertionMask & (1 << UInt64(i)) != 0 {
                ok = apply(op, at, &ignored)
            } else if hops > 0, case .reference(.ref(let target)) = op {
                ok = evaluateCheapPart(target, at, hops: hops - 1)
            } else if hops > 0, case .combinator(.allOf(let all)) = op {
                for schema in all where !evaluateCheapPart(schema, at, hops: hops - 1) {
                    ok = false
                    break
                }
            } else if case .objectApplicator(.properties(let table, let named, _, _)) = op, view[at].kind == .object {
                var key = view.firstChild(at)
                for _ in 0..<Int(view[at].count) {
                    if let k = table.index(of: view.rawBytes(key)), nodes[Int(named[k])].isShallow, !evaluateChild(named[k], key + 1) {
                        ok = false
                        break
                    }
                    key = view.nextMember(key)
                }
            }
            if !ok || scratch.limitReached { return false }
        }
        return true
    }
}
