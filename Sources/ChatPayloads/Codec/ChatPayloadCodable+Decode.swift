import JSONCore

extension ChatPayloadCodable {
    /// Reads UTF-8 JSON from any byte collection (`Data`, `[UInt8]`, `ArraySlice<UInt8>`...),
    /// validates it under `profile` and decodes it, reading the text once.
    ///
    /// ```swift
    /// let (data, _) = try await URLSession.shared.data(from: url)
    /// do {
    ///     let user = try ChatUser<Prefs>.decode(data, profile: .strict)
    /// } catch {
    ///     print(error)                          // every issue, one per line, with line:column
    ///     let issues = error.report?.issues     // each with its pointer, rule and location
    /// }
    /// ```
    /// What is validated: users, channels, memberships, message payloads and message actions
    /// against their bundled schema under `profile`; a ``ChatMessage`` (the sent form) as
    /// `validate --schema auto` judges one (its own members, its `userModel`, `channelModel` and
    /// each of `messageActions` as a User, Channel and MessageAction, then its `content`, issues
    /// under `/content`); a changeset (``ChatUser/Changeset``...) by the fields it carries
    /// (`required` and `null` are not asked of it); envelopes and records by the profile's
    /// parse limits and the decoder. The profile's schema is compiled on first use and kept.
    ///
    /// - Throws: ``ChatDecodingError``. When the profile rejects the payload its
    ///   ``ChatDecodingError/report`` holds every issue (kind ``ChatDecodingError/Kind/validation``,
    ///   or ``ChatDecodingError/Kind/invalidJSON`` for text that is not JSON or breaks a parse
    ///   limit); otherwise it is the decoder's located error, its report holding that one issue
    ///   (rule `decode`).
    public static func decode(_ bytes: some Collection<UInt8>, profile: Profile = .standard) throws(ChatDecodingError) -> Self {
        try PayloadDecoding.decode(Self.self, from: Array(bytes), profile: profile)
    }

    /// Reads JSON `text`, validates it under `profile` and decodes it, reading the text once
    /// (see ``decode(_:profile:)-(Collection<UInt8>,_)``).
    ///
    /// ```swift
    /// let user = try PubNubChatUser.decode(#"{"id": "u1", "type": "default", "name": "Ann"}"#)
    /// ```
    public static func decode(_ text: String, profile: Profile = .standard) throws(ChatDecodingError) -> Self {
        try PayloadDecoding.decode(Self.self, from: Array(text.utf8), profile: profile)
    }
}
