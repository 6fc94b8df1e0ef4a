import Foundation

/// One progress or state change of a pack download, as ``PackDownloadManager/events`` streams it.
///
/// ```swift
/// for await event in manager.progress(for: packID) {
///     print(event.phase, event.bytesDownloaded, "/", event.bytesTotal)
///     if event.phase.isFinal { break }
/// }
/// ```
public struct PackDownloadEvent: Sendable, Hashable {
    /// Where the operation is.
    public enum Phase: String, Sendable, Hashable {
        /// Bytes are arriving; ``PackDownloadEvent/bytesDownloaded`` grows.
        /// Every file is verified and being moved into place.
        /// The operation began.
        /// The operation failed; ``PackDownloadEvent/message`` says why.
        /// The pack is installed and verified.
        /// The pack's files were deleted.
        case started, downloading, installing, downloaded, failed, removed

        /// Whether this phase ends an operation.
        public var isFinal: Bool { self == .downloaded || self == .failed || self == .removed }
    }

    /// The pack's id.
    public var packID: String
    /// What happened.
    public var phase: Phase
    /// `pack_state.state` after this event.
    public var state: PackState
    /// Bytes fetched so far.
    public var bytesDownloaded: Int64
    /// Bytes to fetch in all (the archive, or the assets not reused); installed files that are
    /// reused are not counted here but in ``reusedFiles`` and ``reusedBytes``.
    public var bytesTotal: Int64
    /// Installed files (of this pack or another) verified and linked instead of being fetched.
    public var reusedFiles: Int
    /// Their size in bytes.
    public var reusedBytes: Int64
    /// The error sentence for `failed`; nil otherwise.
    public var message: String?
    /// Requests of this install tried again so far after a transient failure.
    public var retries: Int

    /// An event from its fields.
    public init(
        packID: String, phase: Phase, state: PackState, bytesDownloaded: Int64 = 0,
        bytesTotal: Int64 = 0, message: String? = nil, reusedFiles: Int = 0, reusedBytes: Int64 = 0,
        retries: Int = 0
    ) {
        self.retries = retries
        self.packID = packID
        self.phase = phase
        self.state = state
        self.bytesDownloaded = bytesDownloaded
        self.bytesTotal = bytesTotal
        self.message = message
        self.reusedFiles = reusedFiles
        self.reusedBytes = reusedBytes
    }
}

/// Fans events out to every open stream; streams end when their consumer stops iterating.
final class PackEventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [UUID: (filter: String?, continuation: AsyncStream<PackDownloadEvent>.Continuation)] =
        [:]

    func stream(filter packId: String?) -> AsyncStream<PackDownloadEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: PackDownloadEvent.self, bufferingPolicy: .bufferingNewest(256))
        let key = UUID()
        lock.withLock { continuations[key] = (packId, continuation) }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.lock.withLock { _ = self.continuations.removeValue(forKey: key) }
        }
        return stream
    }

    func send(_ event: PackDownloadEvent) {
        let targets = lock.withLock { continuations.values.filter { $0.filter == nil || $0.filter == event.packID } }
        for target in targets { target.continuation.yield(event) }
    }

    func finishAll() {
        let targets = lock.withLock { Array(continuations.values) }
        for target in targets { target.continuation.finish() }
    }
}
