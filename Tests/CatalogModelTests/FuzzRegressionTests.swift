import CatalogModel
import Foundation
import Testing

/// Inputs that crashed a libFuzzer target (scripts/fuzz, fuzz/README.md), minimised. Each must
/// now be rejected through the public API with a clean diagnostic.
struct FuzzRegressionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        /// Where the error must be reported (a JSON path, or line:column for YAML) and what it must say.
        var location: String
        var message: String
        var testDescription: String { file }
    }

    static let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/fuzz")

    static let cases: [Case] = [
        // fuzz_json: asset sizes whose sum overflowed Int64 trapped in ManifestRules.check.
        Case(
            file: "manifest-bytes-overflow.json", location: "$.totalBytes",
            message: "add up to more than a 64-bit total"),
        // fuzz_pack_yaml / fuzz_catalog_yaml: nested aliases used as a mapping key made Yams hash
        // an exponentially large key (~100 million values from 316 bytes; minutes of CPU).
        Case(file: "pack-alias-key-explosion.yaml", location: "6:35", message: "expand to more than 1000000 values"),
        Case(
            file: "catalog-alias-key-explosion.catalog.yaml", location: "7:35",
            message: "expand to more than 1000000 values"),
    ]

    @Test func everyFixtureHasACase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }
        #expect(Set(files) == Set(Self.cases.map(\.file)))
    }

    @Test(arguments: cases)
    func rejectedCleanly(_ c: Case) {
        let path = Self.folder.appendingPathComponent(c.file).path
        let report = DocumentValidator.validate(fileAt: path)
        let matching = report.errors.filter { d in
            d.message.contains(c.message) && d.file == path
                && (c.location.hasPrefix("$") ? d.path == c.location : "\(d.line ?? 0):\(d.column ?? 0)" == c.location)
        }
        #expect(matching.count == 1, "got: \(report.diagnostics.map(\.description))")
    }

    /// Anchors and aliases are still fine when they expand to a sane amount.
    @Test func modestAliasesStillParse() {
        let text = """
            id: 3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10
            slug: aliases
            kind: sfx
            title: Aliases
            version: 1
            tags: &shared {locations: [Forest], moods: [Cozy]}
            items:
              - {id: 9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4, title: One, file: one.wav, tags: *shared}
            """
        let (pack, problems) = PackSource.parse(text, file: "/tmp/none/pack.yaml")
        #expect(problems.isEmpty, "\(problems)")
        #expect(pack?.items.first?.tags.locations == ["Forest"])
    }

    @Test func manifestSizeOverflowBothWays() {
        func manifest(_ sizes: [Int64], total: Int64) -> Manifest {
            let assets = sizes.enumerated().map { i, bytes in
                Manifest.Asset(
                    assetId: "7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c\(i)",
                    itemId: "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c\(i)",
                    url: "assets/\(i).wav", sha256: String(repeating: "ab", count: 32), bytes: bytes,
                    codec: "pcm", sampleRate: 44100, channels: 1, loopable: false)
            }
            return Manifest(
                packId: "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10", version: 1, totalBytes: total, assets: assets)
        }
        let overflow = ManifestRules.check(manifest([.max, 1], total: 0), file: "m.json")
        #expect(overflow.contains { $0.path == "$.totalBytes" && $0.message.contains("64-bit") })
        let underflow = ManifestRules.check(manifest([.min, -1], total: 0), file: "m.json")
        #expect(underflow.contains { $0.path == "$.totalBytes" && $0.message.contains("64-bit") })
        #expect(ManifestRules.check(manifest([.max - 1, 1], total: .max), file: "m.json").isEmpty)
    }
}
