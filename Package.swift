// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ChatPayloads",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "JSONCore", targets: ["JSONCore"]),
        .library(name: "JSONSchemaValidator", targets: ["JSONSchemaValidator"]),
        .library(name: "ChatPayloads", targets: ["ChatPayloads"]),
        .library(name: "ChatStore", targets: ["ChatStore"]),
        .library(name: "ChatPayloadsTesting", targets: ["ChatPayloadsTesting"]),
        .plugin(name: "ValidatePayloads", targets: ["ValidatePayloads"]),
        .plugin(name: "ValidatePayloadFixtures", targets: ["ValidatePayloadFixtures"]),
        .executable(name: "chatpayloads", targets: ["chatpayloads"]),
        .executable(name: "chatpayloads-store", targets: ["chatpayloads-store"]),
        .executable(name: "conformance", targets: ["conformance"]),
        .executable(name: "bowtie-chatpayloads", targets: ["bowtie-chatpayloads"]),
    ],
    traits: [
        // YAML configs and payloads through Yams. On by default; an app that never reads YAML can
        // depend on ChatPayloads with `traits: []` and not link Yams (configs written as JSON, YAML's
        // JSON subset, are still read; see YAMLInstance).
        .trait(name: "YAML", description: "YAML configs and payloads through Yams (on by default)"),
        // The playground server (`chatpayloads serve`) through Hummingbird and SwiftNIO. On by default,
        // so this package's own build has it; an app that depends on ChatPayloads with `traits: ["YAML"]`
        // (or `[]`) leaves it off, and SwiftPM (6.2 and later) then resolves none of the server's
        // 24 packages (hummingbird, swift-nio, swift-nio-extras, swift-log and those behind them):
        // only GRDB.swift and swift-argument-parser (and Yams with YAML). The libraries never use it.
        .trait(name: "Server", description: "The playground server of `chatpayloads serve` (Hummingbird, SwiftNIO; on by default)"),
        .default(enabledTraits: ["YAML", "Server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // SQLite toolkit for the ChatStore target (issue 15); links the system SQLite on Linux.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `swift package generate-documentation` for the DocC catalogs (Sources/*/*.docc); a
        // command plugin only, so nothing of it is linked into the products (issue 20).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The HTTP server of `chatpayloads serve` (issue 30); linked into chatpayloads-store only (its `serve` mode),
        // so the `chatpayloads` process (validate and the rest) never loads SwiftNIO.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's own SwiftNIO, swift-nio-extras and swift-log, named for the server's channel
        // handler, HTTP part, timer and logger types.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: [
        // JSON values, byte-level parser with source positions, JSON Pointer, writer.
        .target(name: "JSONCore"),
        // ECMA-262 (unicode mode) regular expressions with a step budget.
        .target(name: "ECMARegex"),
        // Format checkers for the 2020-12 `format` keyword, written to their RFCs.
        .target(name: "JSONSchemaFormats", dependencies: ["ECMARegex"]),
        // The draft 2020-12 validator: compile once, validate many.
        .target(name: "JSONSchemaValidator", dependencies: ["JSONCore", "ECMARegex", "JSONSchemaFormats"]),
        // Chat payload schemas, profiles, config, typed models, patchers, records.
        .target(
            name: "ChatPayloads",
            dependencies: ["JSONSchemaValidator", "JSONSchemaFormats", "JSONCore", .product(name: "Yams", package: "Yams", condition: .when(traits: ["YAML"]))]
        ),
        // The local store: chat records in SQLite through GRDB (ChatPayloads stays free of database code).
        .target(name: "ChatStore", dependencies: ["ChatPayloads", "JSONCore", .product(name: "GRDB", package: "GRDB.swift")]),
        // Assertions for apps' tests: expectValid/expectInvalid (Swift Testing), XCTest twins, interop vectors.
        .target(name: "ChatPayloadsTesting", dependencies: ["ChatPayloads"]),
        // `swift package validate-payloads [validate's arguments]`, exiting as validate does.
        .plugin(
            name: "ValidatePayloads",
            capability: .command(intent: .custom(verb: "validate-payloads", description: "Validate chat payloads (chatpayloads validate)")),
            dependencies: ["chatpayloads"]),
        // A build-tool plugin: a target that uses it fails to build while a fixture the config's
        // `files:` globs name is invalid (`path:line:col: error:` lines); see Plugins/ValidatePayloadFixtures.
        .plugin(name: "ValidatePayloadFixtures", capability: .buildTool(), dependencies: ["chatpayloads", "chatpayloads-fixtures"]),
        // The plugin's build step: lists the files the config's globs name and runs `chatpayloads validate` on them.
        .executableTarget(name: "chatpayloads-fixtures", dependencies: ["ChatPayloads"]),
        // Test helper: writes batches to a store and reports each commit, to be killed by the crash test.
        .executableTarget(name: "chatstore-crashwriter", dependencies: ["ChatStore", "ChatPayloads"], path: "Tests/ChatStoreCrashWriter"),
        // The command-line tool's commands, inputs and reporters; the only place that prints. A
        // library target (not a product) so that the store's commands (ChatPayloadsStoreCLI) and
        // the playground server (PlaygroundServer) build on it with `package` access. Links
        // neither GRDB nor the HTTP stack: `chatpayloads` is this and a `main`.
        .target(
            name: "ChatPayloadsCLI",
            dependencies: [
                "ChatPayloads", "JSONCore", "JSONSchemaValidator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The playground API's OpenAPI document: embedded as Serve/PlaygroundOpenAPIText.swift
            // (Scripts/serve-openapi writes it; a test checks the two are equal).
            exclude: ["Serve/openapi.json"]
        ),
        // `chatpayloads store …`: the store's commands over ChatStore (GRDB, SQLite), and the root
        // command of `chatpayloads-store` (the whole `chatpayloads` tree with the real `store`).
        .target(
            name: "ChatPayloadsStoreCLI",
            dependencies: [
                "ChatPayloadsCLI", "ChatPayloads", "ChatStore", "JSONCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The playground's HTTP server (`chatpayloads serve`, issue 30): Hummingbird in front of
        // the CLI's HTTP-free PlaygroundService (ChatPayloadsCLI/Serve). Its own
        // ConnectionCloseHandler (between NIO's HTTP/1 codec and Hummingbird's) closes HTTP/1.0
        // and `Connection: close` after the answer. The server's packages sit behind the Server
        // trait (see `traits` above): without it they are not resolved for a dependent, the
        // target's files compile to nothing (`#if Server`) and `serve` says it was built without it.
        .target(
            name: "PlaygroundServer",
            dependencies: [
                "ChatPayloadsCLI",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: .when(traits: ["Server"])),
                // NIO's HTTP/1 parts and Hummingbird's codec between them and HTTPTypes: the
                // server's connection handler sees the request's HTTP version and body's end there.
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
            ]),
        // arc4random for glibc before 2.36, which the statically linked C++ runtime's
        // std::random_device refers to: keeps the shipped binaries at glibc 2.35 (manylinux_2_35,
        // Ubuntu 22.04). C, no API; see Sources/GlibcFloor/arc4random.c.
        .target(name: "GlibcFloor"),
        // The command-line tool: `main` only (Sources/chatpayloads/main.swift). No GRDB, SQLite
        // or SwiftNIO: `store` and `serve` exec `chatpayloads-store` from beside it.
        .executableTarget(name: "chatpayloads", dependencies: ["ChatPayloadsCLI", "GlibcFloor"]),
        // `chatpayloads store …` and `chatpayloads serve` (which `chatpayloads` execs from beside
        // itself, so GRDB, SQLite and the HTTP stack never load in `validate`): one executable,
        // so the runtime, Foundation and the CLI's code are shipped twice rather than three times
        // (issue 38, Size). A `main` only: the whole command-line tree with the real `store`
        // (ChatPayloadsStoreCLI), so its help, usage and errors are `chatpayloads`'s own; with
        // `serve` as its first argument, the playground server (PlaygroundServer). See
        // ARCHITECTURE.md, "Binaries and start-up".
        .executableTarget(name: "chatpayloads-store", dependencies: ["ChatPayloadsStoreCLI", "ChatPayloadsCLI", "PlaygroundServer", "GlibcFloor"]),
        // Loads and runs the official JSON Schema Test Suite (shared by the command and the tests).
        .target(name: "JSONSchemaConformance", dependencies: ["JSONSchemaValidator", "JSONCore"]),
        // Runs the official JSON Schema Test Suite and prints pass counts.
        .executableTarget(name: "conformance", dependencies: ["JSONSchemaConformance"]),
        // The Bowtie harness (https://bowtie.report): Bowtie's protocol on stdin/stdout; Bowtie/Dockerfile packages it.
        .executableTarget(name: "bowtie-chatpayloads", dependencies: ["JSONSchemaValidator", "JSONCore"]),
        // Micro-benchmark of the library API (compile, validate, decode); see Benchmarks/README.md.
        .executableTarget(
            name: "chatpayloads-microbench", dependencies: ["ChatPayloads", "JSONSchemaValidator", "JSONCore"],
            path: "Benchmarks/Micro"),
        // Query latency of the ChatStore library on a 1,000,000-message store (issue 16); see Benchmarks/README.md.
        .executableTarget(name: "chatstore-microbench", dependencies: ["ChatStore", "ChatPayloads"], path: "Benchmarks/StoreMicro"),

        // Tests, by level (after swift-argument-parser's unit / end-to-end test targets and
        // Hummingbird's in-process / live tests). What every test target shares: SplitMix64, the
        // external-runtime rule (a missing tool skips naming its package; under CI it fails), the
        // command-line process runner and its fixtures, the served-playground helpers. Used only by
        // test targets; not a product.
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["Fixtures"]),
        // The validator's test assertions (compile, check, assertValid...), shared by its unit tests
        // and the limit and hostile-input tests.
        .target(name: "ValidatorTestSupport", dependencies: ["JSONSchemaValidator", "JSONCore"], path: "Tests/ValidatorTestSupport"),
        // Each library's unit tests, in process.
        .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore", "TestSupport"]),
        .testTarget(name: "ECMARegexTests", dependencies: ["ECMARegex", "TestSupport"]),
        .testTarget(name: "JSONSchemaFormatsTests", dependencies: ["JSONSchemaFormats", "TestSupport"]),
        .testTarget(
            name: "JSONSchemaValidatorTests",
            dependencies: ["JSONSchemaValidator", "JSONSchemaConformance", "JSONSchemaFormats", "JSONCore", "TestSupport", "ValidatorTestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "ChatPayloadsTests", dependencies: ["ChatPayloads", "JSONSchemaValidator", "JSONSchemaFormats", "JSONCore", "TestSupport"],
            exclude: ["Golden"]),
        // The engine and the library at their limits and on hostile corpora: long, single-threaded
        // runs, in the whole suite but not in the ThreadSanitizer pass (they exercise no concurrency).
        .testTarget(
            name: "LimitAndHostileInputTests",
            dependencies: ["ChatPayloads", "JSONSchemaValidator", "JSONSchemaFormats", "ECMARegex", "JSONCore", "TestSupport", "ValidatorTestSupport"]),
        .testTarget(name: "ChatPayloadsTestingTests", dependencies: ["ChatPayloadsTesting", "ChatPayloads"]),
        .testTarget(
            name: "ChatStoreTests",
            dependencies: ["ChatStore", "ChatPayloads", "JSONCore", "chatstore-crashwriter", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        // The command-line tool's logic in process: argument parsing, input collection, reporters'
        // builders, the parallel runner, the playground page; no process is started.
        .testTarget(
            name: "ChatPayloadsCLITests",
            dependencies: [
                "ChatPayloadsCLI", "ChatPayloads", "JSONCore", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The built `chatpayloads` and `chatpayloads-store` run as processes (CLITestCase), the
        // playground server included; needs python3 for a few helpers, nothing else outside Swift.
        .testTarget(
            name: "ChatPayloadsEndToEndTests",
            dependencies: ["chatpayloads", "chatpayloads-store", "ChatPayloadsCLI", "ChatPayloads", "ChatStore", "JSONCore", "TestSupport"]),
        // Tests that drive a runtime outside Swift (Node, the JDK and Jackson, Chromium with
        // Selenium, schemathesis, python-jsonschema and the report checkers, Bowtie, Dask): each
        // skips naming the package to install when its runtime is missing, and fails under CI.
        .testTarget(
            name: "ExternalRuntimeTests",
            dependencies: [
                "chatpayloads", "chatpayloads-store", "bowtie-chatpayloads", "JSONSchemaConformance", "JSONSchemaValidator", "JSONCore",
                "TestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
