import AudioProbe
import CatalogModel
import Foundation
import UCS

/// What one audio file says about the item it becomes, each value with where it came from, in
/// `packer add`'s order of precedence: iXML (and its ASWG fields), bext, the UCS file name, the
/// format's tags (Vorbis comments, ID3, MP4 atoms), then the plain file name (the title only).
///
/// ```swift
/// let found = FileMetadata.read("DOORWood_Oak Slam Heavy_JD_FS.wav", tags: try AudioProbe.metadata(fileAt: path))
/// found.title    // Sourced(value: "Oak Slam Heavy", source: "UCS file name")
/// found.ucs      // Sourced(value: "DOORWood", source: "UCS file name")
/// ```
struct FileMetadata {
    struct Sourced<Value: Sendable & Equatable>: Sendable, Equatable {
        var value: Value
        var source: String
    }

    var title: Sourced<String>
    var subtitle: Sourced<String>?
    var ucs: Sourced<UCSCategory>?
    var loopable: Sourced<Bool>?
    var creator: Sourced<String>?
    /// Damaged tags left out, and CatIDs that look misspelt.
    var warnings: [String] = []

    static let ixml = "iXML"
    static let bext = "bext"
    static let ucsName = "UCS file name"
    static let fileName = "file name"

    static func read(_ path: String, tags: EmbeddedMetadata, list: UCSList = .builtIn) -> FileMetadata {
        let ixml = tags.ixml
        let formatSource = formatTagSource(path)
        var warnings = tags.warnings.map { "\(path): \($0)" }
        var fromName: UCSFileName?
        switch UCSFileName.read(path, list: list) {
        case .ucs(let name): fromName = name
        case .nearMiss(let written, let nearest):
            warnings.append(
                "\(path): '\(written)' is not a UCS \(list.version) CatID; did you mean '\(nearest)'? "
                    + "(the name is read as a plain file name)")
        case .none: break
        }
        func first<Value>(_ candidates: [(Value?, String)]) -> Sourced<Value>? {
            candidates.lazy.compactMap { value, source in value.map { Sourced(value: $0, source: source) } }.first
        }
        let title =
            first([
                (ixml?["ASWG/fxName"], Self.ixml), (fromName?.fxName, ucsName), (tags.format["title"], formatSource),
            ]) ?? Sourced(value: PackItemAppender.title(fromFileName: path), source: fileName)
        let subtitle = first([
            (ixml?["NOTE"], Self.ixml), (ixml?["ASWG/notes"], Self.ixml), (tags.bext?.description, bext),
            (tags.format["description"], formatSource), (tags.format["comment"], formatSource),
        ])
        var ixmlCategory: UCSCategory?
        if let written = ixml?["ASWG/catId"] {
            ixmlCategory = list.category(for: written)
            if ixmlCategory == nil {
                let hint = UCSFileName.nearestCatID(to: written, in: list).map { "; did you mean '\($0)'?" } ?? ""
                warnings.append("\(path): the iXML catId '\(written)' is not a UCS \(list.version) CatID\(hint)")
            }
        }
        let ucs = first([(ixmlCategory, Self.ixml), (fromName?.category, ucsName)])
        let loopable = ixml?["ASWG/isLoop"].flatMap(Self.flag).map { Sourced(value: $0, source: Self.ixml) }
        let creator = first([
            (ixml?["ASWG/originator"], Self.ixml), (ixml?["ASWG/creatorId"], Self.ixml),
            (tags.bext?.originator, bext), (fromName?.creatorID, ucsName), (tags.format["artist"], formatSource),
        ])
        return FileMetadata(
            title: title, subtitle: subtitle.flatMap { $0.value == title.value ? nil : $0 }, ucs: ucs,
            loopable: loopable, creator: creator, warnings: warnings)
    }

    /// `1`, `true`, `yes` → true; `0`, `false`, `no` → false; anything else nil.
    static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "true", "yes", "y": true
        case "0", "false", "no", "n": false
        default: nil
        }
    }

    /// What the format's own tags are called, for `--dry-run`'s sources.
    static func formatTagSource(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "mp3": "ID3 tags"
        case "m4a", "mp4", "aac": "MP4 tags"
        default: "Vorbis comments"
        }
    }
}
