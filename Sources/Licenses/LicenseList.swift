import Foundation

/// The license identifiers the tools know, as data (`templates/licenses.json`, built in), with
/// the lookups validation and the credits screen need: a known id, a `LicenseRef-…`, and the
/// nearest known id for a typo.
///
/// ```swift
/// let licenses = LicenseList.builtIn
/// licenses.info(for: "CC0-1.0")?.name       // "Creative Commons Zero v1.0 Universal"
/// licenses.suggestion(for: "CC-BY-4")       // "CC-BY-4.0"
/// ```
public struct LicenseList: Sendable {
    /// Every known license, sorted by id.
    public let licenses: [LicenseInfo]
    private let byID: [String: LicenseInfo]

    /// The prefix of an author's own license identifier (SPDX `LicenseRef-<name>`).
    public static let referencePrefix = "LicenseRef-"

    /// The built-in list (`templates/licenses.json`).
    public static let builtIn: LicenseList = {
        struct File: Decodable { var licenses: [LicenseInfo] }
        do {
            let file = try JSONDecoder().decode(File.self, from: Data(BuiltInLicenseData.text.utf8))
            return LicenseList(file.licenses)
        } catch {
            preconditionFailure("the built-in \(BuiltInLicenseData.fileName) cannot be read: \(error)")
        }
    }()

    /// A list from its entries (a later repeat of an id is ignored).
    public init(_ licenses: [LicenseInfo]) {
        self.licenses = licenses.sorted { $0.id < $1.id }
        byID = Dictionary(licenses.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `id` names a license reference of the author's own (`LicenseRef-Studio`): the
    /// prefix followed by letters, digits, `.` or `-`, as SPDX allows.
    public static func isReference(_ id: String) -> Bool {
        guard id.hasPrefix(referencePrefix) else { return false }
        let name = id.dropFirst(referencePrefix.count)
        return !name.isEmpty
            && name.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || $0 == "." || $0 == "-") }
    }

    private static func isAlphanumeric(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s)
    }

    /// Whether `id` is a known SPDX id (exact spelling) or a `LicenseRef-…`.
    public func isValid(_ id: String) -> Bool { byID[id] != nil || Self.isReference(id) }

    /// The facts about `id`: the known entry, or for a `LicenseRef-…` its name (what follows the
    /// prefix) with unknown terms; nil for an unknown id.
    public func info(for id: String) -> LicenseInfo? {
        if let known = byID[id] { return known }
        guard Self.isReference(id) else { return nil }
        return LicenseInfo(
            id: id, name: String(id.dropFirst(Self.referencePrefix.count)), url: nil,
            attributionRequired: nil, commercialUse: nil)
    }

    /// The known id an author most likely meant by `id`: the same id in another case, else the
    /// shortest id that starts with it (`CC-BY-4` → `CC-BY-4.0`), else the nearest by edit distance
    /// (at most a third of its length); nil when nothing is close.
    public func suggestion(for id: String) -> String? {
        let wanted = id.lowercased()
        guard !wanted.isEmpty else { return nil }
        if let same = licenses.first(where: { $0.id.lowercased() == wanted }) { return same.id }
        // Among equals, prefer the shorter id, then the later version (CC-BY-4.0 over CC-BY-3.0).
        func better(_ a: String, _ b: String) -> Bool { a.count != b.count ? a.count < b.count : a > b }
        let prefixed = licenses.map(\.id).filter { $0.lowercased().hasPrefix(wanted) }
        if let best = prefixed.min(by: better) { return best }
        let limit = max(2, wanted.count / 3)
        let scored = licenses.map { ($0.id, Self.editDistance(Array(wanted), Array($0.id.lowercased()))) }
            .filter { $0.1 <= limit }
        guard let distance = scored.map(\.1).min() else { return nil }
        return scored.filter { $0.1 == distance }.map(\.0).min(by: better)
    }

    /// Levenshtein distance between two character arrays.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            previous = current
        }
        return previous[b.count]
    }
}
