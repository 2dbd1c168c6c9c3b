#if Server  // the package's Server trait (Package.swift): SwiftNIO and Hummingbird are linked with it only
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request has not fully arrived `timeout` after its head did (a
/// body trickled in byte by byte: slowloris). Runs on the connection's event loop, so the
/// deadline costs no thread hop: it is set when a head is read and cancelled when the request's
/// end is, usually in the same read.
final class RequestDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadline?.cancel()
            let channel = context.channel
            deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
        case .body:
            break
        case .end:
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }
}
#endif
