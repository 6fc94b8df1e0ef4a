import GRDB

extension Library {
    /// The bytes the installed packs' audio may take on this device; nil when no budget is set.
    ///
    /// ```swift
    /// try await library.setAudioBudget(2_000_000_000)   // 2 GB of audio at most
    /// try await library.audioBudget()                   // 2000000000
    /// ```
    public func audioBudget() async throws -> Int64? {
        try await database.read { db in try StoragePolicyRecord.fetchOne(db)?.audioBudget }
    }

    /// Sets (or, with nil, removes) the audio budget. An install that would take the installed
    /// audio over it first offloads the least recently played packs (``PackState/offloaded``);
    /// setting a budget removes nothing by itself.
    public func setAudioBudget(_ bytes: Int64?) async throws {
        try await database.write { db in try StoragePolicyRecord(audioBudget: bytes.map { max($0, 0) }).save(db) }
    }
}
