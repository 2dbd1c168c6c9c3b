// A target that uses the ValidatePayloadFixtures build-tool plugin: it builds only while every
// fixture its .chatpayloads.yml names (Fixtures/messages/*.json, as strict messages) is valid.
// Scripts/consumer-check adds an invalid fixture and checks that the build then fails with the
// fixture's path:line:col, and passes again once the fixture is fixed.

/// The fixtures of this target, checked at build time.
public enum FixtureChecked {
    /// Where the fixtures are, relative to the target's directory.
    public static let fixtureDirectory = "Fixtures/messages"
}
