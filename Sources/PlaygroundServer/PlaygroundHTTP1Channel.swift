#if Server  // the package's Server trait (Package.swift): SwiftNIO and Hummingbird are linked with it only
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 child channel (``HTTP1Channel``: its pipeline and request loop) with
/// ``ConnectionCloseHandler`` put between NIO's HTTP/1 codec and Hummingbird's, where the
/// request's HTTP version and the end of its body can still be seen.
struct PlaygroundHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    /// Hummingbird's channel, whose pipeline this one extends.
    let base: HTTP1Channel
    /// The most bytes of a refused body read and discarded before the connection closes.
    let maxDiscardBytes: Int

    var responder: HTTPChannelHandler.Responder { base.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let maxDiscardBytes = self.maxDiscardBytes
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            let codec = try operations.handler(type: HTTP1ToHTTPServerCodec.self)
            try operations.addHandler(ConnectionCloseHandler(maxDiscardBytes: maxDiscardBytes), position: .before(codec))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}
#endif
