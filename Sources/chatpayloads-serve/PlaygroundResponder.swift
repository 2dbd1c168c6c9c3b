import ChatPayloadsCLI
import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage and the connection, so a request whose body
/// trickles in can be cut off.
struct PlaygroundRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// Reads a request's body (at most `maxBodyBytes`, within `requestTimeout` of its head, else the
/// connection is closed: a slowloris body gets no answer) and answers with ``PlaygroundService``.
struct PlaygroundResponder: HTTPResponder {
    let service: PlaygroundService
    let maxBodyBytes: Int
    let requestTimeout: TimeAmount

    func respond(to request: Request, context: PlaygroundRequestContext) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > maxBodyBytes {
            return errorResponse(413, "body-too-large", "the body (\(declared) bytes) is larger than the limit of \(maxBodyBytes) bytes (the server's --max-body-bytes)")
        }
        let channel = context.channel
        let deadline = channel.eventLoop.scheduleTask(in: requestTimeout) { channel.close(promise: nil) }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maxBodyBytes)
            deadline.cancel()
        } catch is NIOTooManyBytesError {
            deadline.cancel()
            return errorResponse(413, "body-too-large", "the body is larger than the limit of \(maxBodyBytes) bytes (the server's --max-body-bytes)")
        } catch {
            deadline.cancel()
            throw error
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
