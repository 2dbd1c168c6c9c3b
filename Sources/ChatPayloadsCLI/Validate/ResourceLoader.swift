import ChatPayloads
import Foundation
import JSONSchemaValidator

/// Loads `--resource URI=PATH` and `--resource-dir DIR` files into a registry for `$ref`s.
///
/// Files come only from the paths and directories named: a directory's walk skips hidden
/// entries, and a symbolic link whose target lies outside the directory is refused.
enum ResourceLoader {
    static func registry(resources: [String], directories: [String], profile: Profile) -> Result<SchemaRegistry?, SchemaFailure> {
        guard !resources.isEmpty || !directories.isEmpty else { return .success(nil) }
        var registry = SchemaRegistry()
        for resource in resources {
            guard let eq = resource.firstIndex(of: "="), eq != resource.startIndex else {
                return .failure(SchemaFailure(nil, "--resource expects URI=PATH, got \(resource)"))
            }
            let uri = String(resource[..<eq])
            let path = String(resource[resource.index(after: eq)...])
            switch ValidatorCache.loadSchemaFile(SchemaSpec.absolute(path, relativeTo: nil), confinedTo: nil, profile: profile) {
            case .failure(let f): return .failure(f)
            case .success(let document):
                do throws(SchemaError) {
                    try registry.add(profile.declaringDefaultDialect(in: document.root), uri: uri)
                } catch {
                    return .failure(SchemaFailure(path, error.message))
                }
            }
        }
        for directory in directories {
            let absolute = SchemaSpec.absolute(directory, relativeTo: nil)
            let root = PathConfinement.realPath(absolute)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
                return .failure(SchemaFailure(directory, "--resource-dir is not a directory"))
            }
            let files = InputCollector(include: ["*.json"]).walk(directory: root)
            for file in files {
                // Confinement is judged on the file as opened, not on a look before the read.
                let real = PathConfinement.realPath(file)
                switch ValidatorCache.loadSchemaFile(file, confinedTo: root, profile: profile) {
                case .failure(let f):
                    if !PathConfinement.isWithin(real, directory: root) || f.message.hasPrefix("refused") {
                        return .failure(SchemaFailure(file, "refused: the symbolic link leads outside --resource-dir \(directory)"))
                    }
                    return .failure(f)
                case .success(let document):
                    let value = profile.declaringDefaultDialect(in: document.root)
                    do throws(SchemaError) {
                        try registry.add(value, uri: ValidatorCache.fileURI(real))
                        if case .string(let id)? = value["$id"], id.contains(":") {
                            try registry.add(value, uri: id)
                        }
                    } catch {
                        return .failure(SchemaFailure(file, error.message))
                    }
                }
            }
        }
        return .success(registry)
    }
}
