import CommandSupport
import PackBuilder

extension BuildSettings {
    /// The settings `packer build` and `packer validate` run with, from the environment
    /// (``ToolEnvironment``): the cache folder (`XDG_CACHE_HOME`), the archive's time stamp
    /// (`SOURCE_DATE_EPOCH`), the read chunks (`SOUNDSHELF_READ_CHUNK_KIB`,
    /// `SOUNDSHELF_READ_CHUNKS`), page-cache writes and the timing report.
    ///
    /// ```swift
    /// try PackBuilder.build(packAt: pack, outputDirectory: out, settings: .fromEnvironment())
    /// ```
    static func fromEnvironment() -> BuildSettings {
        var settings = BuildSettings(
            cacheFolder: ToolEnvironment.buildCacheFolder, sourceDateEpoch: ToolEnvironment.sourceDateEpoch ?? 0)
        settings.bypassesPageCache = !ToolEnvironment.writesThroughPageCache
        settings.reportsTiming = ToolEnvironment.reportsPhaseTimes
        if let kib = ToolEnvironment.readChunkKiB { settings.readChunkSize = kib << 10 }
        if let chunks = ToolEnvironment.readChunks { settings.readChunks = chunks }
        return settings
    }
}
