import CatalogModel
import Foundation
import SyntheticData
import TestSupport
import Testing

/// catalog.yaml names the dimension UCS tags go to; an item keeps its CatID in pack.yaml (`ucs:`)
/// and in the seed (`"ucs"`), and an unknown CatID there is a warning naming the nearest.
struct UCSAuthoringTests {
    static let wav: Data = {
        var file = WAVHeader.make(dataBytes: 9_600)
        file.append(Data(count: 9_600))
        return file
    }()

    @Test func catalogYAMLNamesAnExistingDimension() {
        let good = CatalogSource.parse("title: T\nucs: {dimension: themes}\n", file: "catalog.yaml")
        #expect(good.0?.ucsDimension == "themes" && good.1.isEmpty)
        let (bad, problems) = CatalogSource.parse("title: T\nucs:\n  dimension: theme\n", file: "catalog.yaml")
        #expect(bad?.ucsDimension == nil)
        let error = problems.first { $0.severity == .error }
        #expect(error?.line == 3 && error?.column == 14, "\(problems)")
        #expect(error?.message.contains("'theme' is not a tag dimension; did you mean 'themes'?") == true)
        #expect(CatalogSource.parse("title: T\n", file: "catalog.yaml").0?.ucsDimension == nil)
    }

    @Test func anItemKeepsItsCatIDAndAnUnknownOneIsAWarningWithTheNearest() throws {
        let tmp = try TemporaryDirectory()
        try tmp.write("audio/a.wav", Self.wav)
        let path = try tmp.write(
            "pack.yaml",
            """
            id: 3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10
            slug: doors
            kind: sfx
            title: Doors
            version: 1
            license: CC0-1.0
            items:
              - id: 9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4
                title: Oak Slam
                file: audio/a.wav
                ucs: DOORWood
              - id: 7d1e0c94-22ad-4e72-8b66-94c2ead4939a
                title: Typo
                file: audio/a.wav
                ucs: DOORWod

            """)
        let (pack, report) = PackValidator.validate(packAt: path)
        #expect(pack?.items.map(\.ucs) == ["DOORWood", "DOORWod"])
        #expect(!report.hasErrors, "\(report)")
        let warning = try #require(report.diagnostics.first { $0.path == "items[1].ucs" }, "\(report)")
        #expect(warning.severity == .warning && warning.line == 15 && warning.column == 10)
        #expect(warning.message == "item 'Typo': 'DOORWod' is not a UCS 8.2.1 CatID; did you mean 'DOORWood'?")
    }

    @Test func theSeedCarriesTheCatIDAndTheFastDecoderReadsIt() throws {
        var item = Seed.Item(id: "00000000-0000-4000-8000-000000000001", title: "Oak Slam", sortOrder: 0)
        item.ucs = "DOORWood"
        let plain = Seed.Item(id: "00000000-0000-4000-8000-000000000002", title: "Plain", sortOrder: 1)
        let seed = Seed(
            catalogVersion: 1, vocabularies: Vocabularies(), music: [],
            packs: [
                Seed.Pack(
                    id: "00000000-0000-4000-8000-000000000010", slug: "doors", kind: .sfx, title: "Doors", version: 1,
                    manifestURL: "packs/x/1/manifest.json", items: [item, plain])
            ])
        let data = try CatalogJSON.encode(seed)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"ucs\" : \"DOORWood\""), "\(text)")
        #expect(text.components(separatedBy: "\"ucs\"").count == 2, "an item without a CatID has no key")
        #expect(SeedFastDecoder.decode(data)?.packs[0].items.map(\.ucs) == ["DOORWood", nil])
        #expect(try JSONDecoder().decode(Seed.self, from: data).packs[0].items.map(\.ucs) == ["DOORWood", nil])
    }
}
