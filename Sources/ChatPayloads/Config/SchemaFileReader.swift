import JSONCore

/// Reads a JSON Schema file (`--schema PATH`, `--resource`, `--resource-dir`, the config's
/// `custom-schemas` and `files:` schema files) through the same bounded reader as payloads,
/// under the same limits: `max-bytes` stops the read, and `max-depth`, `max-string-bytes`
/// and `max-number-digits` bound the parse. A file the config names is opened confined to
/// the config's directory (``PathConfinement/openFile(_:in:)``).
package enum SchemaFileReader {
    /// Why a schema file cannot be used, located in the file when the text is at fault.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// 1-based line and column in the file, when the text is at fault.
        package var line: Int?
        /// 1-based column in Unicode scalars.
        package var column: Int?
        /// What is wrong (a limit ends with its config key, e.g. `(max-bytes)`).
        package var message: String
        /// The limit that was hit, if one was.
        package var limit: Profile.Limit?
        /// The file was refused by the confinement rule (not merely unreadable).
        package var refused: Bool

        /// Makes a failure.
        package init(line: Int? = nil, column: Int? = nil, message: String, limit: Profile.Limit? = nil, refused: Bool = false) {
            self.line = line
            self.column = column
            self.message = message
            self.limit = limit
            self.refused = refused
        }

        /// `line:column: message`, or the message alone.
        package var description: String { line.map { "\($0):\(column ?? 1): \(message)" } ?? message }
    }

    /// The parse options for schema files under `profile`: its size, depth, string and number
    /// limits (duplicate keys keep the last value, as for any schema).
    package static func parseOptions(_ profile: Profile) -> JSONParseOptions {
        var options = JSONParseOptions()
        options.maxBytes = profile.maxBytes
        options.maxDepth = profile.maxDepth
        options.maxStringBytes = profile.maxStringBytes
        options.maxNumberDigits = profile.maxNumberDigits
        return options
    }

    /// Reads and parses the schema file at `path`; with `directory`, the opened file must lie
    /// inside it. `what` names the file in messages ("schema", "custom schema file"...).
    package static func read(path: String, confinedTo directory: String? = nil, profile: Profile, what: String = "schema") throws(Failure) -> JSONDocument {
        var reader: ByteReader
        if let directory {
            do throws(PathConfinement.OpenFailure) {
                reader = try PathConfinement.openFile(atPath: path, within: directory)
            } catch {
                if case .refused = error { throw Failure(message: "refused \(what) \(path): \(error)", refused: true) }
                throw Failure(message: error.description.replacingFirst("cannot read ", with: "cannot read \(what) "))
            }
        } else {
            do throws(ByteReader.Failure) {
                reader = try ByteReader.open(path: path)
            } catch {
                throw Failure(message: error.message.replacingFirst("cannot read ", with: "cannot read \(what) "))
            }
        }
        return try parse(&reader, profile: profile, what: what)
    }

    /// Reads what is left of `reader` (at most `max-bytes`) and parses it under `profile`'s limits.
    package static func parse(_ reader: inout ByteReader, profile: Profile, what: String = "schema") throws(Failure) -> JSONDocument {
        let read: (bytes: [UInt8], truncated: Bool)
        do throws(ByteReader.Failure) {
            read = try reader.readAll(limit: profile.maxBytes)
        } catch {
            throw Failure(message: error.message)
        }
        if read.truncated {
            throw Failure(
                line: 1, column: 1, message: "the \(what) file is larger than the limit of \(profile.maxBytes) bytes (\(Profile.Limit.maxBytes.key))",
                limit: .maxBytes)
        }
        let bytes = read.bytes
        do throws(JSONParseError) {
            return try JSONParser.parse(bytes, options: parseOptions(profile))
        } catch {
            let limit = error.limit.flatMap(Profile.Limit.init)
            let message = limit.map { "\(error.message) (\($0.key))" } ?? "the \(what) is not JSON: \(error.message)"
            throw Failure(line: error.location.line, column: error.location.column, message: message, limit: limit)
        }
    }
}

extension String {
    /// The string with the prefix `target` replaced (unchanged when it does not start with it).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        hasPrefix(target) ? replacement + dropFirst(target.count) : self
    }
}
