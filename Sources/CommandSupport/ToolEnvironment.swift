import Foundation

/// The environment variables the tools read, in one place; the libraries take what they mean
/// as configuration (settings, a policy, an option) and never read the environment themselves.
/// Each accessor is a plain value, so CommandSupport depends on no library: the commands
/// assemble the library's settings from them.
///
/// ```swift
/// settings.cacheFolder = ToolEnvironment.buildCacheFolder       // $XDG_CACHE_HOME/soundshelf
/// settings.reportsTiming = ToolEnvironment.reportsPhaseTimes    // SOUNDSHELF_TIMING set
/// ```
public enum ToolEnvironment {
    /// The process's environment.
    public static var variables: [String: String] { ProcessInfo.processInfo.environment }

    /// `SOUNDSHELF_TIMING` is set (any value): print how long each phase of a sync took, and
    /// how busy a build's decoders were.
    public static var reportsPhaseTimes: Bool { variables["SOUNDSHELF_TIMING"] != nil }

    /// `SOUNDSHELF_HTTP_TRANSPORT=urlsession`: on Linux, HTTP over URLSession instead of libcurl
    /// (downloads and `catalog push`).
    public static var prefersURLSession: Bool { variables["SOUNDSHELF_HTTP_TRANSPORT"] == "urlsession" }

    // MARK: Builds (`packer`, `catalog publish`)

    /// Where the build caches live: `$XDG_CACHE_HOME/soundshelf`, else `$HOME/.cache/soundshelf`,
    /// else `.cache/soundshelf` in the user's home directory (an empty variable counts as unset
    /// for `XDG_CACHE_HOME`).
    public static var buildCacheFolder: URL {
        let base =
            value(of: "XDG_CACHE_HOME").map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: variables["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".cache")
        return base.appendingPathComponent("soundshelf")
    }

    /// `SOURCE_DATE_EPOCH` (the reproducible-builds convention): the archive entries' time
    /// stamp in seconds since 1970; nil when unset or not a whole number.
    public static var sourceDateEpoch: Int64? { variables["SOURCE_DATE_EPOCH"].flatMap { Int64($0) } }

    /// `SOUNDSHELF_READ_CHUNK_KIB`: a build's read size in KiB (the library keeps at least 64);
    /// nil when unset or not a whole number.
    public static var readChunkKiB: Int? { variables["SOUNDSHELF_READ_CHUNK_KIB"].flatMap { Int($0) } }

    /// `SOUNDSHELF_READ_CHUNKS`: how many read buffers a build has (the library keeps at least
    /// 3); nil when unset or not a whole number.
    public static var readChunks: Int? { variables["SOUNDSHELF_READ_CHUNKS"].flatMap { Int($0) } }

    /// `SOUNDSHELF_PAGE_CACHE_WRITES=1`: a build writes its output through the page cache
    /// instead of around it (to compare, or where direct I/O misbehaves).
    public static var writesThroughPageCache: Bool { variables["SOUNDSHELF_PAGE_CACHE_WRITES"] == "1" }

    // MARK: Object storage (`catalog push`)

    /// The `AWS_` variables (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`,
    /// `AWS_REGION`, `AWS_DEFAULT_REGION`, `AWS_ENDPOINT_URL_S3`, `AWS_ENDPOINT_URL`, …): what
    /// the object store's configuration is made from.
    public static var storeVariables: [String: String] { variables.filter { $0.key.hasPrefix("AWS_") } }

    // MARK: The library (`client`)

    /// The default data root: `$SOUNDSHELF_ROOT`, else `$XDG_DATA_HOME/soundshelf`, else
    /// `~/.local/share/soundshelf` (empty variables count as unset).
    public static var libraryRoot: URL {
        if let root = value(of: "SOUNDSHELF_ROOT") { return URL(fileURLWithPath: root) }
        if let xdg = value(of: "XDG_DATA_HOME") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("soundshelf")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share/soundshelf")
    }

    /// `SOUNDSHELF_CATALOG`: the catalog to sync when the command line names none; nil when
    /// unset or empty.
    public static var catalogLocation: String? { value(of: "SOUNDSHELF_CATALOG") }
}
