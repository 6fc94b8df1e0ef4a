import CatalogModel
import Testing

struct TagRuleTests {
    @Test(arguments: [
        ("  Hero’s   Journey ", "Hero’s Journey"),
        ("Cafe\u{301}", "Café"),
        ("Forest\t\nEdge", "Forest Edge"),
    ])
    func normalizesNames(raw: String, expected: String) {
        #expect(TagName.normalize(raw) == expected)
        #expect(
            TagName.normalize(raw).unicodeScalars.elementsEqual(
                expected.precomposedStringWithCanonicalMapping.unicodeScalars))
    }

    @Test func typoGuardVerdicts() {
        let vocabulary = TagVocabulary(["Hero’s Journey", "Forest", "Victorious & Jubilant"])
        #expect(vocabulary.check("Forest") == .known)
        #expect(vocabulary.check("forest ") == .sameAs("Forest"))
        #expect(vocabulary.check("hero's journey") == .sameAs("Hero’s Journey"))
        #expect(vocabulary.check("Victorious and Jubilant") == .new)
        #expect(vocabulary.check("Forrest") == .near("Forest"))
        #expect(vocabulary.check("Sewers") == .new)
    }

    @Test func newNamesJoinTheirVocabularyInOrder() {
        var tags = TagGuard(initial: [.location: ["Arctic", "Coastal"]])
        let problems = tags.check(
            TagSet(locations: ["Sewers", "Arctic", "Sewers"]), kind: .sfx,
            file: "p.yaml", path: "tags", locations: SourceMap())
        #expect(problems.isEmpty)
        #expect(tags.names[.location] == ["Arctic", "Coastal", "Sewers"])
    }

    @Test func dimensionsPerKind() {
        #expect(Kind.music.dimension(forTagsKey: "themes") == .musicTheme)
        #expect(Kind.sfx.dimension(forTagsKey: "themes") == .sfxTheme)
        #expect(Kind.atmosphere.dimension(forTagsKey: "creatureTypes") == nil)
        #expect(Kind.sfx.dimension(forTagsKey: "moods") == .mood)
    }

    @Test func uuidsAreCanonicalLowercase() {
        #expect(CanonicalID.parse("3F0D6A52-8C1E-4C47-9A51-2F1F7C8E9B10") == "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10")
        #expect(CanonicalID.parse("3f0d6a528c1e4c479a512f1f7c8e9b10") == nil)
        #expect(CanonicalID.parse("zzzz6a52-8c1e-4c47-9a51-2f1f7c8e9b10") == nil)
        // RFC 9562 test vector: v5 of "www.example.com" in the DNS namespace.
        #expect(
            CanonicalID.v5(namespace: "6ba7b810-9dad-11d1-80b4-00c04fd430c8", name: "www.example.com")
                == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
    }

    @Test func slugs() {
        #expect(Slug.make(from: "Dungeon Delve!") == "dungeon-delve")
        #expect(Slug.make(from: "Café  Life") == "cafe-life")
        #expect(Slug.isValid("a-b-9"))
        #expect(!Slug.isValid("A b"))
    }
}
