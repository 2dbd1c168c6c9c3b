/// Custom data of a User (`custom`): flat, values are strings, numbers or booleans
/// (the PubNub App Context service rejects nested values).
public protocol UserCustomData: JSONCustomData {}

/// Custom data of a Channel (`custom`, without the `profileUrl` avatar key): flat.
public protocol ChannelCustomData: JSONCustomData {}

/// Custom data of a membership (`custom`): flat.
public protocol MemberCustomData: JSONCustomData {}

/// Custom data of a message (`custom`): free-form, may nest.
public protocol MessageCustomData: JSONCustomData {}

/// The feature-specific content of a message (`content`): free-form, may nest.
public protocol MessageContentData: JSONCustomData {}

/// Bundles the custom data types of one app, so models that relate several entities
/// (``ChatMember``, ``ChatMessage``, ``ChatMessageAction``) take one generic parameter.
///
/// Every associated type defaults to ``VoidCustomData``:
/// ```swift
/// enum MyAppData: ChatCustomData {
///     typealias User = MyUserProfile        // a UserCustomData
///     typealias MessageContent = ImageContent
/// }
/// let message: ChatMessage<MyAppData>
/// ```
public protocol ChatCustomData: Sendable {
    /// User custom data.
    associatedtype User: UserCustomData = VoidCustomData
    /// Channel custom data.
    associatedtype Channel: ChannelCustomData = VoidCustomData
    /// Membership custom data.
    associatedtype Member: MemberCustomData = VoidCustomData
    /// Message custom data.
    associatedtype Message: MessageCustomData = VoidCustomData
    /// Message content.
    associatedtype MessageContent: MessageContentData = VoidCustomData
}
