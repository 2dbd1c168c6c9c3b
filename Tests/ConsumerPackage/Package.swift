// swift-tools-version:6.1
// A package that depends on ChatPayloads as an app would (issue 20). Scripts/consumer-check copies
// it to .build-consumer/, writes the README's library block and docs/store.md's store block into
// it, builds it and runs its Swift Testing tests; CHATPAYLOADS_ROOT is the checkout to depend on.
import PackageDescription

let root = Context.environment["CHATPAYLOADS_ROOT"] ?? "../.."

let package = Package(
    name: "ConsumerPackage",
    platforms: [.macOS(.v14), .iOS(.v17)],
    // Without the YAML trait (on by default): this app never reads YAML, so Yams is neither built
    // nor linked (Scripts/consumer-check checks that), and FixtureChecked's config is JSON.
    dependencies: [.package(name: "ChatPayloads", path: root, traits: [])],
    targets: [
        .target(
            name: "ConsumerExamples",
            dependencies: [.product(name: "ChatPayloads", package: "ChatPayloads"), .product(name: "ChatStore", package: "ChatPayloads")]),
        // The DocC articles' examples (written here by Scripts/consumer-check).
        .target(
            name: "DocExamples",
            dependencies: [
                .product(name: "ChatPayloads", package: "ChatPayloads"),
                .product(name: "ChatStore", package: "ChatPayloads"),
                .product(name: "JSONCore", package: "ChatPayloads"),
                .product(name: "JSONSchemaValidator", package: "ChatPayloads"),
            ]),
        // Fails to build while a fixture its .chatpayloads.yml names is invalid (the build-tool plugin).
        .target(
            name: "FixtureChecked", exclude: ["Fixtures"],
            plugins: [.plugin(name: "ValidatePayloadFixtures", package: "ChatPayloads")]),
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                "ConsumerExamples",
                "DocExamples",
                .product(name: "ChatPayloads", package: "ChatPayloads"),
                .product(name: "ChatPayloadsTesting", package: "ChatPayloads"),
                .product(name: "ChatStore", package: "ChatPayloads"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
