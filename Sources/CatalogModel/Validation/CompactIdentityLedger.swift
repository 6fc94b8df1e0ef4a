/// The ids of a large catalog in about 16 bytes each: a 64-bit hash of each id and the file that
/// claimed it first. When a hash comes back, that file's claims are made again
/// (``IdentityRegistry/places(inFile:)``) to learn whether it is the same id and where it stood,
/// so a duplicate is reported exactly as ``MemoryIdentityLedger`` reports it; ids whose hashes
/// collide are kept apart by their text.
///
/// ```swift
/// let ledger = CompactIdentityLedger()
/// CatalogValidator.validate(catalogAt: path, strict: false, ledger: ledger) { … }
/// ```
package final class CompactIdentityLedger: IdentityLedger {
    private var firstFile: [Int: UInt32] = [:]
    private var files: [String] = []
    private var fileNumbers: [String: UInt32] = [:]
    /// Ids whose hash another id had first, with their places.
    private var collided: [String: IdentityPlace] = [:]
    /// The claims of the files made again, the last few (a file with many duplicates is read once).
    private var resolved: [(file: String, places: [String: IdentityPlace])] = []

    package init() {}

    package func claim(_ id: String, at place: IdentityPlace) -> IdentityPlace? {
        if let first = collided[id] { return first }
        var hasher = Hasher()
        hasher.combine(id)
        let hash = hasher.finalize()
        guard let number = firstFile[hash] else {
            firstFile[hash] = fileNumber(place.file)
            return nil
        }
        if let first = places(inFile: files[Int(number)])[id] { return first }
        // Another id with the same hash: this one is kept by its text.
        collided[id] = place
        return nil
    }

    private func fileNumber(_ file: String) -> UInt32 {
        if let number = fileNumbers[file] { return number }
        let number = UInt32(files.count)
        files.append(file)
        fileNumbers[file] = number
        return number
    }

    private func places(inFile file: String) -> [String: IdentityPlace] {
        if let known = resolved.first(where: { $0.file == file }) { return known.places }
        let places = IdentityRegistry.places(inFile: file)
        resolved.append((file, places))
        if resolved.count > 4 { resolved.removeFirst() }
        return places
    }
}
