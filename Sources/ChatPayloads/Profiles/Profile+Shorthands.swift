extension Profile {
    /// The built-in `strict` profile (the same as `.named(.strict)`).
    public static var strict: Profile { named(.strict) }
    /// The built-in `compat` profile (the same as `.named(.compat)`).
    public static var compat: Profile { named(.compat) }
}
