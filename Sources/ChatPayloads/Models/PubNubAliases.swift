// The default models: every custom data slot is `VoidCustomData`.

/// User model with no custom data.
public typealias PubNubChatUser = ChatUser<VoidCustomData>
/// Channel model with no custom data.
public typealias PubNubChatChannel = ChatChannel<VoidCustomData>
/// Membership model with no custom data.
public typealias PubNubChatMember = ChatMember<VoidCustomData>
/// Message model with no custom data.
public typealias PubNubChatMessage = ChatMessage<VoidCustomData>
/// Message action model with no custom data.
public typealias PubNubChatMessageAction = ChatMessageAction<VoidCustomData>
