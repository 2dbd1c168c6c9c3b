import ChatPayloads
import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore
import JSONCore

/// A stored row as the payload JSON `normalize` prints (custom data kept as stored); a
/// message in its sent form with its actions, as `convert --to payload --kind sent-message` prints it.
enum StoredRowJSON {
    typealias Custom = JSONObjectCustomData<FlatnessLeftToProfile>

    /// The payload of `row`, or the decoding problem of a damaged row.
    static func payload(_ row: StoredRow) -> Result<JSONValue, RowProblem> {
        do throws(ChatDecodingError) {
            let model: any ChatPayloadCodable
            switch row {
            case .user(let r): model = try r.model(as: Custom.self)
            case .channel(let r): model = try r.model(as: Custom.self)
            case .member(let r, let user, let channel): model = try r.model(as: Custom.self, user: user, channel: channel)
            case .message(let m, let actions):
                let models = try actions.map { (a) throws(ChatDecodingError) in try a.model(as: Custom.self) }
                model = try m.record.model(as: Custom.self, actions: models)
            case .action(let r): model = try r.model(as: Custom.self)
            }
            do throws(ChatEncodingError) {
                return .success(try model.encodedJSON())
            } catch {
                return .failure(RowProblem(message: "cannot encode stored row \(id(of: row)): \(error)"))
            }
        } catch {
            return .failure(RowProblem(message: "cannot decode stored row \(id(of: row)): \(error.pointer.isRoot ? "" : "\(error.pointer): ")\(error.message)"))
        }
    }

    /// The row's id.
    static func id(of row: StoredRow) -> String {
        switch row {
        case .user(let r): return r.id
        case .channel(let r): return r.id
        case .member(let r, _, _): return r.id
        case .message(let m, _): return m.record.id
        case .action(let r): return r.id
        }
    }
}

/// Why a stored row cannot be printed as a payload.
struct RowProblem: Error {
    var message: String
}
