import AudioProbe
import Foundation
import Testing

/// iXML and bext chunks built byte by byte: the ASWG fields and NOTE read; damaged chunks are
/// left out with a warning and the file still probes.
struct IXMLChunkTests {
    static let aswg = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- written by a library tool -->
        <BWFXML>
          <IXML_VERSION>2.10</IXML_VERSION>
          <PROJECT>Doors</PROJECT>
          <NOTE>Oak door &amp; iron latch, slammed &lt;hard&gt;</NOTE>
          <USER><![CDATA[free <text>]]></USER>
          <ASWG>
            <fxName>Oak Slam Heavy</fxName>
            <catId>DOORWood</catId>
            <category>DOORS</category>
            <subCategory>WOOD</subCategory>
            <isLoop>1</isLoop>
            <creatorId>JD</creatorId>
            <library>Old House</library>
            <empty/>
          </ASWG>
        </BWFXML>
        """

    @Test func theASWGFieldsAndNoteRead() throws {
        let file = WAVChunkBuilder.wav(after: [WAVChunkBuilder.ixml(Self.aswg)])
        let tags = try AudioProbe.metadata(data: file, name: "door.wav")
        let ixml = try #require(tags.ixml, "\(tags)")
        #expect(ixml["ASWG/fxName"] == "Oak Slam Heavy")
        #expect(ixml["aswg/catid"] == "DOORWood")
        #expect(ixml["ASWG/category"] == "DOORS" && ixml["ASWG/subCategory"] == "WOOD")
        #expect(ixml["ASWG/isLoop"] == "1" && ixml["ASWG/creatorId"] == "JD" && ixml["ASWG/library"] == "Old House")
        #expect(ixml["NOTE"] == "Oak door & iron latch, slammed <hard>")
        #expect(ixml["USER"] == "free <text>")
        #expect(ixml["ASWG/empty"] == nil)
        #expect(tags.warnings.isEmpty)
        #expect(try AudioProbe.probe(data: file, name: "door.wav").duration == 0.01)
    }

    @Test(arguments: [
        "just some notes, no markup", "<BWFXML><NOTE>open</BWFXML>", "<OTHER><NOTE>x</NOTE></OTHER>",
        "<BWFXML><NOTE>unclosed", "<BWFXML><!-- never ends </BWFXML>",
    ])
    func anIXMLThatIsNotXMLIsIgnoredWithAWarning(text: String) throws {
        let file = WAVChunkBuilder.wav(before: [WAVChunkBuilder.ixml(text)])
        let tags = try AudioProbe.metadata(data: file, name: "odd.wav")
        #expect(tags.ixml == nil)
        #expect(tags.warnings == ["the iXML chunk at byte 12 is not an iXML document; ignored"])
        #expect(try AudioProbe.probe(data: file, name: "odd.wav").channels == 1)
    }

    @Test func aBextVersion2GivesItsLoudness() throws {
        var body = [UInt8](repeating: 0, count: 602)
        body.replaceSubrange(0..<5, with: Array("Creak".utf8))
        body.replaceSubrange(256..<260, with: Array("Anna".utf8))
        body[346] = 2
        for (at, value) in [(412, -2300), (414, 550), (416, -100)] {
            let raw = UInt16(bitPattern: Int16(value))
            body[at] = UInt8(raw & 0xFF)
            body[at + 1] = UInt8(raw >> 8)
        }
        body[418] = 0xFF
        body[419] = 0x7F
        let tags = try AudioProbe.metadata(
            data: WAVChunkBuilder.wav(before: [WAVChunkBuilder.chunk("bext", body)]), name: "c.wav")
        #expect(
            tags.bext
                == BroadcastExtension(
                    description: "Creak", originator: "Anna", version: 2, loudnessValue: -23, loudnessRange: 5.5,
                    maxTruePeakLevel: -1))
    }

    @Test func aBextWhoseSizeRunsPastTheFileIsIgnoredWithAWarning() throws {
        let bext = WAVChunkBuilder.chunk("bext", [UInt8](repeating: 0x41, count: 40), declaredSize: 1_000_000)
        var file = WAVChunkBuilder.wav()
        file.append(contentsOf: bext)
        let tags = try AudioProbe.metadata(data: file, name: "cut.wav")
        #expect(tags.bext == nil)
        #expect(tags.warnings.count == 1)
        #expect(
            tags.warnings.first?.hasPrefix("the bext chunk at byte 1004 says it has 1000000 bytes") == true, "\(tags)")
    }

    @Test func aBextTooShortForItsFieldsIsIgnoredWithAWarning() throws {
        let file = WAVChunkBuilder.wav(before: [WAVChunkBuilder.chunk("bext", Array("short".utf8))])
        let tags = try AudioProbe.metadata(data: file, name: "short.wav")
        #expect(tags.bext == nil)
        #expect(tags.warnings.first?.contains("shorter than the 602 its fields need") == true, "\(tags)")
    }

    @Test func anID3FrameThatRunsPastItsTagStopsTheReadingWithAWarning() throws {
        // ID3v2.4: a TIT2 frame, then a TPE1 frame claiming 5000 bytes in a 40-byte tag.
        let title: [UInt8] = Array("TIT2".utf8) + [0, 0, 0, 6, 0, 0, 3] + Array("Gusts".utf8)
        let artist: [UInt8] = Array("TPE1".utf8) + [0, 0, 0x27, 0x08, 0, 0, 3] + Array("Jo".utf8)
        let frames = title + artist
        let tag: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, UInt8(frames.count)] + frames
        // One MPEG-1 Layer III frame header (128 kbit/s, 44.1 kHz) after the tag.
        var file = Data(tag)
        file.append(contentsOf: [0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 413))
        let tags = try AudioProbe.metadata(data: file, name: "wind.mp3")
        #expect(tags.format == ["title": "Gusts"])
        #expect(tags.warnings.first?.contains("TPE1") == true, "\(tags)")
    }
}
