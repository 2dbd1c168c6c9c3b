import JSONCore

/// A message action (for example a reaction) added to a published message.
///
/// ``id`` is `"<userId>-<parentTimetoken>-<actionTimetoken>"`. JSON form (``encodedJSON()``):
/// `actionTimetoken`, `parentTimetoken` (numbers), `sourceType`, `value`, `pubnubUserId`
/// (= ``userId``), `pubnubChannelId` (= ``channelId``), `userModel`? (= ``user``),
/// `messageModel`? (= ``message``).
public struct ChatMessageAction<Custom: ChatCustomData>: Sendable, Identifiable {
    /// Publish timetoken of the action.
    public var actionTimetoken: Int64
    /// Timetoken of the message the action belongs to.
    public var parentTimetoken: Int64
    /// The action's type (for example `reaction`).
    public var sourceType: String
    /// The action's value (for example an emoji).
    public var value: String
    /// Publisher of the action (JSON `pubnubUserId`).
    public var userId: String
    /// Publisher, when loaded (JSON `userModel`).
    public var user: ChatUser<Custom.User>?
    /// Channel of the message and its action (JSON `pubnubChannelId`).
    public var channelId: String
    /// The parent message, when loaded (JSON `messageModel`).
    public var message: ChatMessage<Custom>?

    /// Makes an action.
    public init(
        actionTimetoken: Int64, parentTimetoken: Int64, sourceType: String, value: String, userId: String,
        user: ChatUser<Custom.User>? = nil, channelId: String, message: ChatMessage<Custom>? = nil
    ) {
        self.actionTimetoken = actionTimetoken
        self.parentTimetoken = parentTimetoken
        self.sourceType = sourceType
        self.value = value
        self.userId = userId
        self.user = user
        self.channelId = channelId
        self.message = message
    }

    /// `"<userId>-<parentTimetoken>-<actionTimetoken>"`.
    public var id: String { ChatMessageAction.id(userId: userId, parentTimetoken: parentTimetoken, actionTimetoken: actionTimetoken) }

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
            && a.userId.scalarsEqual(b.userId) && a.user == b.user
            && a.channelId.scalarsEqual(b.channelId) && a.message == b.message
    }

    /// Hash consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(actionTimetoken)
        hasher.combine(parentTimetoken)
        hasher.combineScalars(sourceType)
        hasher.combineScalars(value)
        hasher.combineScalars(userId)
        hasher.combine(user)
        hasher.combineScalars(channelId)
        hasher.combine(message)
    }
}
