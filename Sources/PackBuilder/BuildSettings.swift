import AudioAnalysis
import Foundation

/// How a build runs, given by the caller: PackBuilder never reads the environment. The tools
/// fill it from `ToolEnvironment` (`XDG_CACHE_HOME`, `SOURCE_DATE_EPOCH`,
/// `SOUNDSHELF_READ_CHUNK_KIB`, `SOUNDSHELF_READ_CHUNKS`, `SOUNDSHELF_PAGE_CACHE_WRITES`,
/// `SOUNDSHELF_TIMING`); a caller that passes nothing gets the defaults below.
///
/// ```swift
/// var settings = BuildSettings()                 // ~/.cache/soundshelf, time stamps 0
/// settings.cacheFolder = URL(fileURLWithPath: "/tmp/caches")
/// settings.sourceDateEpoch = 1_700_000_000
/// let result = try PackBuilder.build(packAt: "pack.yaml", outputDirectory: "dist", settings: settings)
/// ```
package struct BuildSettings: Sendable, Equatable {
    /// The smallest read chunk: 64 KiB.
    package static let minimumReadChunkSize = 64 << 10
    /// The fewest read buffers: two for the writer's lanes and one to read ahead into.
    package static let minimumReadChunks = 3

    /// The build caches' folder, holding `analysis/`, `digests/` and `builds/` (``AnalysisCache``,
    /// ``FileDigests``, ``EarlierBuilds``); default `~/.cache/soundshelf`.
    package var cacheFolder: URL
    /// The archive entries' time stamp, in seconds since 1970 (the reproducible-builds
    /// `SOURCE_DATE_EPOCH`); default 0.
    package var sourceDateEpoch: Int64
    /// Read size, and the grain in which a lagging decoder holds read-ahead; default 1 MiB, so
    /// little of the pool is held by the grain itself (docs/PERFORMANCE.md has the measurements).
    /// At least ``minimumReadChunkSize``.
    package var readChunkSize: Int {
        didSet { readChunkSize = max(Self.minimumReadChunkSize, readChunkSize) }
    }
    /// Read buffers: two for the writer (one being archived while the next is read), the rest
    /// the read-ahead a lagging decoder may hold; default 44. A buffer becomes resident only when
    /// first used, so a build whose decoders keep up (or that decodes nothing) stays small.
    /// At least ``minimumReadChunks``.
    package var readChunks: Int {
        didSet { readChunks = max(Self.minimumReadChunks, readChunks) }
    }
    /// Output written around the page cache (``WriteBehind``); false writes through it like a
    /// plain `write(2)` (to compare, or where direct I/O misbehaves). Default true.
    package var bypassesPageCache: Bool
    /// Print to standard error how busy the decoders were; default false.
    package var reportsTiming: Bool

    package init(
        cacheFolder: URL = CacheFiles.defaultFolder, sourceDateEpoch: Int64 = 0, readChunkSize: Int = 1 << 20,
        readChunks: Int = 44, bypassesPageCache: Bool = true, reportsTiming: Bool = false
    ) {
        self.cacheFolder = cacheFolder
        self.sourceDateEpoch = sourceDateEpoch
        self.readChunkSize = max(Self.minimumReadChunkSize, readChunkSize)
        self.readChunks = max(Self.minimumReadChunks, readChunks)
        self.bypassesPageCache = bypassesPageCache
        self.reportsTiming = reportsTiming
    }

    /// The analysis cache in ``cacheFolder``.
    var analysisCache: AnalysisCache { .standard(in: cacheFolder) }
    /// The source and output digests in ``cacheFolder``.
    var fileDigests: FileDigests { .standard(in: cacheFolder) }
    /// The earlier builds' records in ``cacheFolder``.
    var earlierBuilds: EarlierBuilds { .standard(in: cacheFolder) }
}
