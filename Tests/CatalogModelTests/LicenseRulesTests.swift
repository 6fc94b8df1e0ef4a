import CatalogModel
import Foundation
import Licenses
import TestSupport
import Testing

/// pack.yaml's `license`, `credits` and `source`: known SPDX ids or `LicenseRef-…`, the nearest
/// id suggested for a typo, credits where attribution is required, a warning without a license,
/// items overriding their pack, and the keys carried through the seed.
struct LicenseRulesTests {
    static func pack(_ head: String, items: String = "") -> String {
        """
        id: 3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10
        slug: caves
        kind: sfx
        title: Caves
        version: 1
        \(head)
        items:
          - id: 9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4
            title: Creaking Door
            file: audio/door.wav
        \(items)
        """
    }

    static func problems(_ text: String) throws -> [Diagnostic] {
        let (pack, diagnostics) = PackSource.parse(text, file: "caves/pack.yaml")
        return diagnostics + LicenseRules.check(try #require(pack, "\(diagnostics)"))
    }

    @Test func theNearestKnownIdIsSuggestedForATypo() {
        let list = LicenseList.builtIn
        #expect(list.suggestion(for: "CC-BY-4") == "CC-BY-4.0")
        #expect(list.suggestion(for: "cc0-1.0") == "CC0-1.0")
        #expect(list.suggestion(for: "CC-BY-SA-4") == "CC-BY-SA-4.0")
        #expect(list.suggestion(for: "Apache2.0") == "Apache-2.0")
        #expect(list.suggestion(for: "CC-BY-NC-4.O") == "CC-BY-NC-4.0")
        #expect(list.suggestion(for: "Entirely made up and long") == nil)
    }

    @Test func theDataCoversTheCreativeCommonsFamilyWithItsTerms() throws {
        let list = LicenseList.builtIn
        for family in ["BY", "BY-SA", "BY-ND", "BY-NC", "BY-NC-SA", "BY-NC-ND"] {
            for version in ["1.0", "2.0", "2.5", "3.0", "4.0"] {
                let info = try #require(list.info(for: "CC-\(family)-\(version)"), "CC-\(family)-\(version)")
                #expect(info.attributionRequired == true)
                #expect(info.commercialUse == !family.contains("NC"))
            }
        }
        #expect(list.info(for: "CC0-1.0")?.attributionRequired == false)
        #expect(list.info(for: "CC-PDDC") != nil && list.info(for: "MIT") != nil && list.info(for: "OFL-1.1") != nil)
        #expect(list.info(for: "LicenseRef-Studio")?.name == "Studio")
        #expect(!list.isValid("LicenseRef-") && !list.isValid("LicenseRef-two words"))
    }

    @Test func anUnknownIdIsAnErrorAtItsLineWithTheSuggestion() throws {
        let found = try Self.problems(Self.pack("license: CC-BY-4\ncredits: [Jane Field]"))
        let error = try #require(found.first { $0.severity == .error })
        #expect(error.line == 6 && error.path == "license")
        #expect(error.message.contains("unknown license 'CC-BY-4'; did you mean 'CC-BY-4.0'?"))
    }

    @Test func anItemsUnknownLicenseNamesTheItem() throws {
        let found = try Self.problems(Self.pack("license: CC0-1.0", items: "    license: GPL3"))
        let error = try #require(found.first { $0.severity == .error })
        #expect(error.path == "items[0].license" && error.line == 11)
        #expect(error.message.contains("item 'Creaking Door'") && error.message.contains("unknown license 'GPL3'"))
    }

    @Test func anAttributionLicenseWithoutCreditsIsAnError() throws {
        let found = try Self.problems(Self.pack("license: CC-BY-4.0"))
        #expect(found.filter { $0.severity == .error }.count == 1)
        #expect(found.first?.message.contains("license CC-BY-4.0 requires attribution; add 'credits'") == true)
        #expect(
            try Self.problems(Self.pack("license: CC-BY-4.0\ncredits: [{name: Jane Field, role: recording}]")).isEmpty)
        // An item moving to an attribution license needs credits of its own or its pack's.
        let item = try Self.problems(Self.pack("license: CC0-1.0", items: "    license: CC-BY-SA-4.0"))
        #expect(
            item.count == 1 && item[0].message.contains("item 'Creaking Door'") && item[0].path == "items[0].license")
    }

    @Test func noLicenseIsAWarningAndStrictMakesItAnError() throws {
        let found = try Self.problems(Self.pack(""))
        #expect(
            found.count == 1 && found[0].severity == .warning && found[0].message.contains("the pack has no license"))
        let strict = DiagnosticReport(found).promotingWarnings(true)
        #expect(strict.hasErrors)
    }

    @Test func aLicenseRefIsAcceptedWithoutCredits() throws {
        #expect(try Self.problems(Self.pack("license: LicenseRef-Studio")).isEmpty)
    }

    @Test func anItemOverridesItsPackKeyByKey() throws {
        let text = Self.pack(
            "license: CC-BY-4.0\ncredits: [{name: Jane Field, url: \"https://example.org/jane\"}]\nsource: https://freesound.org/p/1",
            items: "    license: CC0-1.0")
        #expect(try Self.problems(text).isEmpty)
        let pack = try #require(PackSource.parse(text, file: "caves/pack.yaml").0)
        let resolved = pack.items[0].attribution.resolved(over: pack.attribution)
        #expect(resolved.license == "CC0-1.0")
        #expect(resolved.credits == [Credit(name: "Jane Field", url: "https://example.org/jane")])
        #expect(resolved.source == "https://freesound.org/p/1")
    }

    @Test func theAllowListRefusesOtherLicensesNamingTheItem() throws {
        let pack = try #require(PackSource.parse(Self.pack("license: CC-BY-NC-4.0\ncredits: [Jane]"), file: "p.yaml").0)
        let refused = LicenseRules.checkAllowed(pack, allowed: ["CC0-1.0", "CC-BY-4.0"])
        #expect(refused.count == 1)
        #expect(
            refused[0].message.contains("item 'Creaking Door'") && refused[0].message.contains("is under CC-BY-NC-4.0"))
        #expect(LicenseRules.checkAllowed(pack, allowed: ["CC-BY-NC-4.0"]).isEmpty)
    }

    @Test func theSeedCarriesTheKeysAndTheFastDecoderReadsThem() throws {
        var item = Seed.Item(id: "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4", title: "Door", sortOrder: 0)
        item.attribution = Attribution(
            license: "CC-BY-4.0", credits: [Credit(name: "Jane", role: "recording"), Credit(name: "Bob")],
            source: "https://freesound.org/p/1")
        let plain = Seed.Item(id: "1c2b3a4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", title: "Plain", sortOrder: 1)
        let seed = Seed(
            catalogVersion: 1, vocabularies: Vocabularies(), music: [],
            packs: [
                Seed.Pack(
                    id: "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10", slug: "p", kind: .sfx, title: "P", version: 1,
                    manifestURL: "m.json", items: [item, plain])
            ])
        let data = try CatalogJSON.encode(seed)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"license\" : \"CC-BY-4.0\"") && text.components(separatedBy: "\"license\"").count == 2)
        let slow = try CatalogJSON.decode(Seed.self, from: data, file: "seed.json")
        #expect(slow.packs == seed.packs)
        #expect(SeedFastDecoder.decode(data) == slow)
        #expect(slow.packs[0].items[0].credits?.map(\.name) == ["Jane", "Bob"])
    }
}

/// The built-in license data is `templates/licenses.json` as `scripts/embed-templates` wrote it.
struct BuiltInLicenseDataTests {
    @Test func builtInLicenseDataEqualsTheFileInTemplates() throws {
        let path = ToolRunner.repositoryRoot.appendingPathComponent("templates/\(BuiltInLicenseData.fileName)").path
        let file = try #require(FileManager.default.contents(atPath: path))
        #expect(
            Data(BuiltInLicenseData.text.utf8) == file,
            "templates/licenses.json differs from its built-in copy; run scripts/embed-templates")
        #expect(LicenseList.builtIn.licenses.count > 80)
    }
}
