import JSONCore

extension ValidatorCache {
    /// One thread's way into a ``ValidatorCache``: the ``PayloadCheckContext`` a
    /// ``PayloadCheck`` (and a sent message's models) asks for validators. It remembers every
    /// validator it looked up, so the locked cache is asked once per schema, and holds the
    /// fast path's tape. Not to be shared between threads (make one each).
    public struct Context: PayloadCheckContext, Sendable {
        /// The cache looked up.
        public let cache: ValidatorCache
        /// The validator ``PayloadCheck/Schema/chosen`` uses when no `chosenKey` is set (nil:
        /// there is none; a payload that needs it gets a schema error).
        public var chosen: PayloadValidator?
        /// The cache's schema ``PayloadCheck/Schema/chosen`` uses (set per payload by the
        /// command line; it wins over ``chosen``).
        package var chosenKey: Key?
        /// The fast path's scratch, reused for every payload.
        public var tape = JSONTape()
        /// The second tape (a sent message's, while its content is validated on ``tape``).
        public var messageTape = JSONTape()
        /// What this context looked up, most recent last.
        private var known: [(key: Key, built: Result<PayloadValidator, SchemaFailure>)] = []

        /// A context on `cache`, with `chosen` for ``PayloadCheck/Schema/chosen``.
        public init(cache: ValidatorCache, chosen: PayloadValidator? = nil) {
            self.cache = cache
            self.chosen = chosen
        }

        /// A context on the process's cache of the bundled schemas under `profile`
        /// (``ValidatorCache/shared(for:)``), with `chosen` for ``PayloadCheck/Schema/chosen``.
        public init(profile: Profile, chosen: PayloadValidator? = nil) {
            self.init(cache: .shared(for: profile), chosen: chosen)
        }

        /// The profile of the cache.
        public var profile: Profile { cache.profile }

        /// The validator for `key`: from what this context looked up, else from the cache.
        package mutating func validator(for key: Key) -> Result<PayloadValidator, SchemaFailure> {
            // The latest first: a run of payloads against one schema asks for the same one.
            if let last = known.last, last.key == key { return last.built }
            for entry in known where entry.key == key { return entry.built }
            let built = cache.validator(for: key)
            known.append((key, built))
            return built
        }

        /// The validator of `chosenKey` (else ``chosen``), or why there is none.
        public mutating func chosenValidator() -> Result<PayloadValidator, SchemaUnavailable> {
            if let chosenKey { return validator(for: chosenKey).mapError(\.unavailable) }
            guard let chosen else { return .failure(SchemaUnavailable(message: "schema error: no schema was chosen")) }
            return .success(chosen)
        }

        /// The bundled schema's validator under the cache's profile, compiled once.
        public mutating func validator(for schema: BundledSchema) -> Result<PayloadValidator, SchemaUnavailable> {
            validator(for: .bundled(schema)).mapError(\.unavailable)
        }
    }
}
