import AudioProbe
import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import PackBuilder

/// The order in which `packer add` takes each value: iXML, bext, the UCS name, format tags, the
/// file name; and what pack.yaml already says stands (its credits, its tags, its spelling).
struct FileMetadataTests {
    static let ixml = IXMLFields(fields: [
        "NOTE": "From the iXML note", "ASWG/fxName": "iXML Title", "ASWG/catId": "DOORCreak", "ASWG/isLoop": "0",
        "ASWG/creatorId": "SR",
    ])
    static let bext = BroadcastExtension(description: "From the bext", originator: "Jane Doe")
    static let format = ["title": "Tag Title", "artist": "Jo Doe", "comment": "From the comment"]

    @Test func eachValueComesFromTheFirstSourceThatHasIt() {
        let name = "/in/DOORWood_Name Title_JD_FS.wav"
        let all = FileMetadata.read(name, tags: EmbeddedMetadata(bext: Self.bext, ixml: Self.ixml, format: Self.format))
        #expect(all.title.value == "iXML Title" && all.title.source == "iXML")
        #expect(all.subtitle?.value == "From the iXML note" && all.ucs?.value.catID == "DOORCreak")
        #expect(all.loopable?.value == false && all.creator?.value == "SR")
        let noIXML = FileMetadata.read(name, tags: EmbeddedMetadata(bext: Self.bext, format: Self.format))
        #expect(noIXML.title.value == "Name Title" && noIXML.title.source == "UCS file name")
        #expect(noIXML.subtitle?.source == "bext" && noIXML.creator?.value == "Jane Doe")
        #expect(noIXML.ucs?.value.catID == "DOORWood" && noIXML.loopable == nil)
        let tagsOnly = FileMetadata.read("/in/rain.ogg", tags: EmbeddedMetadata(format: Self.format))
        #expect(tagsOnly.title.value == "Tag Title" && tagsOnly.title.source == "Vorbis comments")
        #expect(tagsOnly.subtitle?.value == "From the comment" && tagsOnly.creator?.value == "Jo Doe")
        #expect(tagsOnly.ucs == nil)
        let nothing = FileMetadata.read("/in/my_field_recording_01.mp3", tags: EmbeddedMetadata())
        #expect(nothing.title.value == "My Field Recording 01" && nothing.title.source == "file name")
        #expect(nothing.subtitle == nil && nothing.ucs == nil && nothing.creator == nil && nothing.warnings.isEmpty)
    }

    @Test func anUnknownIXMLCatIDIsAWarningAndTheNameDecides() {
        let ixml = IXMLFields(fields: ["ASWG/catId": "DOORWod"])
        let found = FileMetadata.read("/in/AIRBrst_Pop_JD_FS.wav", tags: EmbeddedMetadata(ixml: ixml))
        #expect(found.ucs?.value.catID == "AIRBrst")
        #expect(
            found.warnings == [
                "/in/AIRBrst_Pop_JD_FS.wav: the iXML catId 'DOORWod' is not a UCS 8.2.1 CatID; did you mean 'DOORWood'?"
            ])
    }

    @Test func whatThePackAlreadySaysStands() throws {
        let tmp = try TemporaryDirectory()
        _ = try tmp.write("catalog.yaml", "title: T\nvocabularies: {sfxThemes: [doors]}\nucs: {dimension: themes}\n")
        let packText = """
            id: 3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10
            slug: p
            kind: sfx
            title: P
            version: 1
            credits: [Studio]
            tags: {themes: [Wood]}
            items: []

            """
        let path = try tmp.write("packs/p/pack.yaml", packText)
        let pack = try #require(PackSource.parse(packText, file: path).0)
        let context = PackItemAppender.FillContext(pack: pack)
        #expect(context.ucsDimension == "themes" && context.packHasCredits)
        let file = try tmp.write("DOORWood_Slam_JD_FS.wav", Data())
        let (added, warnings) = PackItemAppender.filled(file, relative: "audio/x.wav", context: context)
        #expect(added.tags == ["themes": ["doors"]], "the catalog's spelling; the pack's Wood is not repeated")
        #expect(added.credits == nil, "the pack's credits stand")
        #expect(warnings.count == 1 && warnings[0].contains("its tags are not read"), "\(warnings)")
    }
}
