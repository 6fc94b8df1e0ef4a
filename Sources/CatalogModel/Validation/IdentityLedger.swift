/// Where each id of a catalog was first met, for ``IdentityRegistry``: in memory by default; the
/// authoring tools keep a large catalog's on disk, so memory does not grow with its items.
///
/// ```swift
/// let ledger = MemoryIdentityLedger()
/// ledger.claim("8f0c…", at: IdentityPlace(owner: "pack 'caves'", file: "packs/caves/pack.yaml", at: nil))  // nil: new
/// ```
package protocol IdentityLedger: AnyObject {
    /// Records `place` for `id` unless `id` was met before: returns where it was met first, or nil.
    func claim(_ id: String, at place: IdentityPlace) -> IdentityPlace?
}

/// What an id named and where: the owner's description, its file, line and column.
package struct IdentityPlace: Sendable, Equatable {
    package var owner: String
    package var file: String
    package var at: SourceLocation?

    package init(owner: String, file: String, at: SourceLocation?) {
        self.owner = owner
        self.file = file
        self.at = at
    }

    /// `file:line:column`, or the file alone.
    var location: String { at.map { "\(file):\($0.line):\($0.column)" } ?? file }

    /// One line of text for a ledger that stores strings (``init(recorded:)`` reads it back).
    package var recorded: String {
        [owner, file, at.map { "\($0.line)" } ?? "", at.map { "\($0.column)" } ?? ""].joined(separator: "\u{1F}")
    }

    package init?(recorded: String) {
        let fields = recorded.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4 else { return nil }
        owner = fields[0]
        file = fields[1]
        at = Int(fields[2]).flatMap { line in Int(fields[3]).map { SourceLocation(line: line, column: $0) } }
    }
}

/// The ids in a dictionary: right for a pack or a catalog of modest size.
package final class MemoryIdentityLedger: IdentityLedger {
    /// Where each id was met first.
    private(set) var places: [String: IdentityPlace] = [:]

    package init() {}

    package func claim(_ id: String, at place: IdentityPlace) -> IdentityPlace? {
        if let first = places[id] { return first }
        places[id] = place
        return nil
    }
}
