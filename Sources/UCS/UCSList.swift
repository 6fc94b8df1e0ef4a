import Foundation

/// The Universal Category System list as data (`templates/ucs.json`, built in: UCS 8.2.1, CC0),
/// with the lookups authoring and search need.
///
/// ```swift
/// let list = UCSList.builtIn
/// list.category(for: "DOORWood")?.subCategoryName   // "Wood"
/// list.categories.count                             // 752
/// ```
public struct UCSList: Sendable {
    /// The list's version, e.g. `8.2.1`.
    public let version: String
    /// Every entry in the list's order.
    public let categories: [UCSCategory]
    private let byCatID: [String: UCSCategory]
    private let byFoldedCatID: [String: UCSCategory]

    /// The built-in list (`templates/ucs.json`).
    public static let builtIn: UCSList = {
        struct File: Decodable {
            var version: String
            var categories: [UCSCategory]
        }
        do {
            let file = try JSONDecoder().decode(File.self, from: Data(BuiltInUCSData.text.utf8))
            return UCSList(version: file.version, categories: file.categories)
        } catch {
            preconditionFailure("the built-in \(BuiltInUCSData.fileName) cannot be read: \(error)")
        }
    }()

    /// A list from its entries (a later repeat of a CatID is ignored).
    public init(version: String, categories: [UCSCategory]) {
        self.version = version
        self.categories = categories
        byCatID = Dictionary(categories.map { ($0.catID, $0) }, uniquingKeysWith: { first, _ in first })
        byFoldedCatID = Dictionary(
            categories.map { ($0.catID.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The entry of `catID`, spelled exactly or with other capitals (`doorwood`); nil when the
    /// list has no such CatID.
    public func category(for catID: String) -> UCSCategory? {
        byCatID[catID] ?? byFoldedCatID[catID.lowercased()]
    }
}
