@_spi(ChatPayloadsInternal) import ChatPayloads
import Foundation
import JSONCore
import JSONSchemaValidator

// Micro-benchmark of the library API: schema compile time, isValid, full validation with the
// basic output, and validate + decode into typed ChatMessage values.
//
//   swift run -c release chatpayloads-microbench [messages.ndjson] [--limit N]
//
// Without a file it uses Benchmarks/corpus/messages.ndjson (python3 Benchmarks/generate_corpus.py).
// Single-threaded; medians of 3 passes.

var args = Array(CommandLine.arguments.dropFirst())
var limit = Int.max
// --only parse|validate|report|decode runs one measurement (for profiling).
let onlyIndex = args.firstIndex(of: "--only")
let only: String? = onlyIndex.flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil }
if let i = onlyIndex { args.removeSubrange(i...min(i + 1, args.count - 1)) }
func wanted(_ name: String, only: String?) -> Bool { only == nil || only == name }
if let i = args.firstIndex(of: "--limit"), i + 1 < args.count, let n = Int(args[i + 1]) {
    limit = n
    args.removeSubrange(i...(i + 1))
}
let path = args.first ?? "Benchmarks/corpus/messages.ndjson"
guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("microbench: cannot read \(path); generate it with python3 Benchmarks/generate_corpus.py\n".utf8))
    exit(2)
}
var lines: [[UInt8]] = []
data.withUnsafeBytes { raw in
    var start = 0
    let bytes = raw.bindMemory(to: UInt8.self)
    for i in 0..<bytes.count where bytes[i] == 0x0A {
        if i > start && lines.count < limit { lines.append(Array(bytes[start..<i])) }
        start = i + 1
    }
}
let totalBytes = lines.reduce(0) { $0 + $1.count + 1 }
print("corpus: \(path), \(lines.count) payloads, \(String(format: "%.1f", Double(totalBytes) / 1e6)) MB")

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}
func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
func row(_ name: String, _ secs: Double, payloads: Int, bytes: Int) {
    let label = name.padding(toLength: 36, withPad: " ", startingAt: 0)
    print(label + String(format: "%9.1f MB/s %11.0f payloads/s", Double(bytes) / 1e6 / secs, Double(payloads) / secs))
}

// 1. Compile time of every bundled schema under every profile.
var compileTimes: [Double] = []
for schema in BundledSchema.allCases {
    for profile in ProfileName.allCases {
        let t = try seconds { _ = try PayloadValidator(schema: .bundled(schema), profile: .named(profile)) }
        compileTimes.append(t)
    }
}
print(String(format: "compile (PayloadValidator, %d schema x profile pairs): median %.2f ms, max %.2f ms",
             compileTimes.count, median(compileTimes) * 1000, (compileTimes.max() ?? 0) * 1000))

let validator = try PayloadValidator(schema: .bundled(.message), profile: .named(.strict))

// 2. Parse alone; parse + validate through PayloadValidator (the tape fast path for valid
// payloads); the full report (value tree + error collection, what invalid payloads get); and
// validate + decode into typed values.
var parse: [Double] = [], fast: [Double] = [], full: [Double] = [], decode: [Double] = []
var valid = 0, decoded = 0
for _ in 0..<3 {
    if wanted("parse", only: only) { parse.append(try seconds { for l in lines { _ = try JSONParser.parse(l) } }) }
    if wanted("validate", only: only) {
        var v = 0
        var tape = JSONTape()
        fast.append(seconds { for l in lines where validator.validate(bytes: l, tape: &tape).outcome == .valid { v += 1 } })
        valid = v
    }
    if wanted("report", only: only) {
        full.append(try seconds { for l in lines { _ = validator.validate(document: try JSONParser.parse(l)) } })
    }
    if wanted("decode", only: only) {
        var d = 0
        decode.append(try seconds {
            // The public flow: validate the bytes, then parse and decode a valid payload.
            var tape = JSONTape()
            for l in lines where validator.validate(bytes: l, tape: &tape).outcome == .valid {
                _ = try ChatMessagePayload<VoidCustomData>.decode(from: try JSONParser.parse(l))
                d += 1
            }
        })
        decoded = d
    }
}
if !parse.isEmpty { row("parse (JSONParser)", median(parse), payloads: lines.count, bytes: totalBytes) }
if !fast.isEmpty { row("parse + validate (strict)", median(fast), payloads: lines.count, bytes: totalBytes) }
if !full.isEmpty { row("parse + full report (strict)", median(full), payloads: lines.count, bytes: totalBytes) }
if !decode.isEmpty { row("parse + validate + decode", median(decode), payloads: lines.count, bytes: totalBytes) }
print("valid: \(valid) / \(lines.count); decoded: \(decoded)")
