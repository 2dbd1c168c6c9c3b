/// Compiling every subschema of a document, referenced or not, so that a broken pattern or
/// reference in an unused definition is still an error (fail closed).
///
/// The nodes are the same whatever the order the unreferenced subschemas are compiled in (they
/// are cached by location); the order only decides which error is reported first and the order
/// of the warnings. So the rest is first compiled in index order, which costs no sorting; only
/// when that meets an error or a warning is the document compiled again the way it always was
/// (the root, then the rest sorted by document pointer), which reports the same first error and
/// the same warnings in the same order as before.
enum FailClosedCompilation {
    /// The compiled root of `root`'s document and the compiler holding every node, after compiling
    /// `locations` (every subschema of the document, aliases allowed) over `index`.
    static func compile(root: ScannedSchema, locations: [ScannedSchema], index: ResourceIndex, options: ValidatorOptions) throws(SchemaError) -> (root: SchemaNode, compiler: Compiler) {
        let compiler = Compiler(index: index, options: options)
        let rootNode: SchemaNode
        do {
            rootNode = try compiler.node(for: root)
            try compiler.drain()
        } catch {
            release(compiler)
            throw error
        }
        let reachableWarnings = compiler.warnings.count
        do {
            for entry in locations where compiler.nodes[entry.key] == nil {
                _ = try compiler.node(for: entry)
                try compiler.drain()
            }
            if compiler.warnings.count == reachableWarnings { return (rootNode, compiler) }
        } catch {
            // Reported below, in document order.
        }
        release(compiler)
        return try compileInDocumentOrder(root: root, locations: locations, index: index, options: options)
    }

    /// The root first, then the subschemas not reached from it, sorted by their pointers from the
    /// document root: the order that decides which error is reported and how warnings read.
    static func compileInDocumentOrder(root: ScannedSchema, locations: [ScannedSchema], index: ResourceIndex, options: ValidatorOptions) throws(SchemaError) -> (root: SchemaNode, compiler: Compiler) {
        let compiler = Compiler(index: index, options: options)
        do {
            let rootNode = try compiler.node(for: root)
            try compiler.drain()
            // Those already compiled (reachable from the root) cannot fail any more: only the
            // rest is sorted (as indices by their pointers: moving whole entries costs more).
            let rest = locations.filter { compiler.nodes[$0.key] == nil }
            let pointers = rest.map { $0.documentPointer ?? .root }
            for i in pointers.indices.sorted(by: { pointers[$0] < pointers[$1] }) {
                _ = try compiler.node(for: rest[i])
                try compiler.drain()
            }
            return (rootNode, compiler)
        } catch {
            release(compiler)
            throw error
        }
    }

    /// Frees a partly built graph (it may hold reference cycles).
    private static func release(_ compiler: Compiler) {
        _ = SchemaGraph(nodes: Array(compiler.nodes.values), resources: Array(compiler.resources.values))
    }
}
