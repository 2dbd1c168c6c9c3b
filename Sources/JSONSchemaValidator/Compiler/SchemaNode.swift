import JSONCore

/// One compiled schema (a subschema of a document): its keywords in evaluation order.
///
/// Built by the compiler and never changed after compilation finishes; references point to
/// other nodes directly, so validation never looks at schema JSON. `@unchecked Sendable`
/// because `$ref` cycles need the node to exist before its keywords are filled in.
final class SchemaNode: @unchecked Sendable {
    /// What the node does before its keywords: a boolean schema, or a list of keywords.
    enum Kind {
        case alwaysValid
        case alwaysInvalid
        case keywords
    }

    /// The absolute location: `base-uri#json-pointer`.
    let absoluteLocation: String
    /// The schema resource this node belongs to (for the dynamic scope).
    let resource: SchemaResource
    var kind: Kind = .keywords
    var keywords: [any Keyword] = []
    /// Which of the first 64 keywords are plain assertions, and whether all are (set once
    /// compiled, by ``DiscriminatorCheck/prepare(_:)``).
    var assertionMask: UInt64 = 0
    var isShallow = false

    init(absoluteLocation: String, resource: SchemaResource) {
        self.absoluteLocation = absoluteLocation
        self.resource = resource
    }
}

/// A schema resource (a document root or a subschema with `$id`): its dynamic anchors.
final class SchemaResource: @unchecked Sendable {
    /// The resource's absolute URI (no fragment).
    let uri: String
    /// `$dynamicAnchor` name -> node, filled during compilation.
    var dynamicAnchors: [String: SchemaNode] = [:]

    init(uri: String) { self.uri = uri }

    /// The key under which 2019-09's `$recursiveAnchor: true` sits in ``dynamicAnchors`` (a
    /// `$dynamicAnchor` name is never empty).
    static let recursiveAnchor = ""
}

/// Owns every node of one compiled schema. Nodes reference each other (possibly in `$ref`
/// cycles) and resources reference their anchor nodes, so when the last ``JSONSchema`` copy
/// goes away this owner breaks those links; otherwise the graph would never be freed.
final class SchemaGraph: @unchecked Sendable {
    let nodes: [SchemaNode]
    let resources: [SchemaResource]

    init(nodes: [SchemaNode], resources: [SchemaResource]) {
        self.nodes = nodes
        self.resources = resources
    }

    deinit {
        for node in nodes { node.keywords = [] }
        for resource in resources { resource.dynamicAnchors = [:] }
    }
}
