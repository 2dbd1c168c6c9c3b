#if Server  // the package's Server trait (Package.swift): SwiftNIO and Hummingbird are linked with it only
import NIOCore
import NIOHTTP1

/// Ends HTTP/1 connections as clients expect. Sits between NIO's HTTP/1 codec and Hummingbird's
/// (which sees neither a request's HTTP version nor whether its body was read):
///
/// - A request that is not keep-alive (HTTP/1.0 without `Connection: keep-alive`, or
///   `Connection: close` spelled in any case) is answered in its own HTTP version with
///   `Connection: close`, and the connection is closed once the answer is written (not held open
///   until the idle timeout). An HTTP/1.0 request with `Connection: keep-alive` is answered with
///   `Connection: keep-alive` and the connection stays open.
/// - An answer written before its request's body has been read whole (a refused body: 413)
///   closes the connection too, but not at once: the rest of the body is read and discarded
///   first, up to `maxDiscardBytes` (the request timeout of ``RequestDeadlineHandler`` bounds the
///   time). A client that sends its whole body before it reads (Python's `urllib`) thus reads the
///   answer instead of a broken pipe or a reset: a lingering close, as nginx's. Past the bound the
///   connection is closed (no client holds the server with an endless body).
///
/// Once the connection is to close, nothing more read reaches Hummingbird (a request pipelined
/// behind is not answered).
final class ConnectionCloseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// A request read (or being read) and not yet answered.
    private struct Pending {
        /// Its HTTP version.
        let version: HTTPVersion
        /// Whether it asked to keep the connection open.
        let keepAlive: Bool
        /// Whether it has been read to its end.
        var ended = false
    }

    /// The most bytes of a refused body read and discarded before the connection is closed.
    private let maxDiscardBytes: Int
    /// The requests not yet answered, oldest first (more than one when a client pipelines).
    private var pending: [Pending] = []
    /// Whether the answer being written closes the connection (set with its head).
    private var closing = false
    /// Whether the request that answer is for has been read to its end.
    private var requestEnded = true
    /// Whether that answer has been written whole.
    private var answered = false
    /// Bytes read and discarded since the connection started closing.
    private var discarded = 0

    init(maxDiscardBytes: Int) {
        self.maxDiscardBytes = maxDiscardBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        guard !closing else { return discard(part, context: context) }
        switch part {
        case .head(let head):
            pending.append(Pending(version: head.version, keepAlive: head.isKeepAlive))
        case .body:
            break
        case .end:
            if !pending.isEmpty { pending[pending.count - 1].ended = true }
        }
        context.fireChannelRead(data)
    }

    /// Reads on while a refused body is discarded, whatever the handlers after this one want
    /// (Hummingbird no longer reads the request it has answered).
    func channelReadComplete(context: ChannelHandlerContext) {
        context.fireChannelReadComplete()
        if closing && !requestEnded { context.read() }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            let request = pending.first ?? Pending(version: .http1_1, keepAlive: false, ended: true)
            requestEnded = request.ended
            closing = !request.keepAlive || !request.ended || !head.isKeepAlive
            if request.version.major == 1 && request.version.minor == 0 { head.version = .http1_0 }
            if closing {
                head.headers.replaceOrAdd(name: "connection", value: "close")
            } else if head.version == .http1_0 {
                head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            if !pending.isEmpty { pending.removeFirst() }
            guard closing else { return context.write(data, promise: promise) }
            let written = context.eventLoop.makePromise(of: Void.self)
            if let promise { written.futureResult.cascade(to: promise) }
            context.writeAndFlush(data, promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in
                self.answered = true
                if self.requestEnded {
                    context.close(promise: nil)
                } else {
                    context.read()
                }
            }
        }
    }

    /// A part read after the answer was decided to close the connection: dropped, counted, and
    /// the connection closed once the request has ended (and the answer is written) or too much
    /// was discarded.
    private func discard(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head:
            // A request pipelined behind one that closes the connection: not answered.
            break
        case .body(let bytes):
            discarded += bytes.readableBytes
            if discarded > maxDiscardBytes { context.close(promise: nil) }
        case .end:
            // The end of the answered request's body (a pipelined request's end comes after it,
            // when the connection is closed already).
            if !requestEnded {
                requestEnded = true
                if answered { context.close(promise: nil) }
            }
        }
    }
}
#endif
