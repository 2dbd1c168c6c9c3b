#if Server  // the package's Server trait (Package.swift): SwiftNIO and Hummingbird are linked with it only
import ChatPayloadsCLI
import Hummingbird
import NIOCore

/// Reads a request's body (at most `maxBodyBytes`; 413 beyond) and answers with
/// ``PlaygroundService``.
struct PlaygroundResponder: HTTPResponder {
    let service: PlaygroundService
    let maxBodyBytes: Int

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > maxBodyBytes {
            return errorResponse(413, "body-too-large", "the body (\(declared) bytes) is larger than the limit of \(maxBodyBytes) bytes (the server's --max-body-bytes)")
        }
        // A body that trickles in is cut off by RequestDeadlineHandler (the connection closes).
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maxBodyBytes)
        } catch is NIOTooManyBytesError {
            return errorResponse(413, "body-too-large", "the body is larger than the limit of \(maxBodyBytes) bytes (the server's --max-body-bytes)")
        }
        let answer = service.respond(to: PlaygroundRequest(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "", body: Array(body.readableBytesView)))
        var headers: HTTPFields = [.contentType: answer.contentType]
        if let allow = answer.allow { headers[.allow] = allow }
        return Response(status: .init(code: answer.status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    private func errorResponse(_ status: Int, _ code: String, _ message: String) -> Response {
        let answer = PlaygroundService.errorResponse(status: status, code: code, message: message)
        return Response(
            status: .init(code: answer.status), headers: [.contentType: answer.contentType], body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
#endif
