import JSONCore

/// `$ref`: evaluates the referenced schema (resolved at compile time) in place.
struct RefKeyword: Keyword {
    let name = "$ref"
    let target: SchemaNode

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        ev.evaluate(target, instance, keywordTokens: "$ref", into: &annotations)
    }
}

/// `$dynamicRef`: like `$ref`, but when the static target is a `$dynamicAnchor`, the outermost
/// resource in the dynamic scope that defines the same dynamic anchor wins.
struct DynamicRefKeyword: Keyword {
    let name = "$dynamicRef"
    let staticTarget: SchemaNode
    /// Set when the static target carries a `$dynamicAnchor` of the fragment's name.
    let dynamicAnchor: String?

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        var target = staticTarget
        if let dynamicAnchor {
            for resource in ev.dynamicScope {
                if let node = resource.dynamicAnchors[dynamicAnchor] {
                    target = node
                    break
                }
            }
        }
        return ev.evaluate(target, instance, keywordTokens: "$dynamicRef", into: &annotations)
    }
}

