import JSONCore

/// A message action (for example a reaction) added to a published message.
///
/// ``id`` is `"<userId>-<parentTimetoken>-<actionTimetoken>"`. JSON form (``encodedJSON()``):
/// `actionTimetoken`, `parentTimetoken` (numbers), `sourceType`, `value`, `pubnubUserId`,
/// `pubnubChannelId`, `userModel`?, `messageModel`?.
public struct ChatMessageAction<Custom: ChatCustomData>: Sendable, Identifiable {
    /// Publish timetoken of the action.
    public var actionTimetoken: Int64
    /// Timetoken of the message the action belongs to.
    public var parentTimetoken: Int64
    /// The action's type (for example `reaction`).
    public var sourceType: String
    /// The action's value (for example an emoji).
    public var value: String
    /// Publisher of the action.
    public var pubnubUserId: String
    /// Publisher, when loaded.
    public var userModel: ChatUser<Custom.User>?
    /// Channel of the message and its action.
    public var pubnubChannelId: String
    /// The parent message, when loaded.
    public var messageModel: ChatMessage<Custom>?

    /// Makes an action.
    public init(
        actionTimetoken: Int64, parentTimetoken: Int64, sourceType: String, value: String, pubnubUserId: String,
        userModel: ChatUser<Custom.User>? = nil, pubnubChannelId: String, messageModel: ChatMessage<Custom>? = nil
    ) {
        self.actionTimetoken = actionTimetoken
        self.parentTimetoken = parentTimetoken
        self.sourceType = sourceType
        self.value = value
        self.pubnubUserId = pubnubUserId
        self.userModel = userModel
        self.pubnubChannelId = pubnubChannelId
        self.messageModel = messageModel
    }

    /// `"<userId>-<parentTimetoken>-<actionTimetoken>"`.
    public var id: String { ChatMessageAction.id(userId: pubnubUserId, parentTimetoken: parentTimetoken, actionTimetoken: actionTimetoken) }

    /// The action id for its parts.
    public static func id(userId: String, parentTimetoken: Int64, actionTimetoken: Int64) -> String {
        "\(userId)-\(parentTimetoken)-\(actionTimetoken)"
    }

    /// The default reaction set: 👍 ❤️ 😂 😲 😢 🔥.
    public static var defaultReactions: [String] { ["👍", "❤️", "😂", "😲", "😢", "🔥"] }
}

extension ChatMessageAction: Hashable {
    /// Field-wise equality, strings compared by Unicode scalars.
    public static func == (a: ChatMessageAction, b: ChatMessageAction) -> Bool {
        a.actionTimetoken == b.actionTimetoken && a.parentTimetoken == b.parentTimetoken
            && a.sourceType.scalarsEqual(b.sourceType) && a.value.scalarsEqual(b.value)
            && a.pubnubUserId.scalarsEqual(b.pubnubUserId) && a.userModel == b.userModel
            && a.pubnubChannelId.scalarsEqual(b.pubnubChannelId) && a.messageModel == b.messageModel
    }

    /// Hash consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(actionTimetoken)
        hasher.combine(parentTimetoken)
        hasher.combineScalars(sourceType)
        hasher.combineScalars(value)
        hasher.combineScalars(pubnubUserId)
        hasher.combine(userModel)
        hasher.combineScalars(pubnubChannelId)
        hasher.combine(messageModel)
    }
}
