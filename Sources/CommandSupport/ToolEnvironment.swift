import Foundation

/// The environment variables the tools read, in one place; the libraries take what they mean
/// as configuration (a policy, an option) and never read the environment themselves.
///
/// ```swift
/// options.reportsPhaseTimes = ToolEnvironment.reportsPhaseTimes   // SOUNDSHELF_TIMING set
/// ```
public enum ToolEnvironment {
    /// The process's environment.
    public static var variables: [String: String] { ProcessInfo.processInfo.environment }

    /// `SOUNDSHELF_TIMING` is set (any value): print how long each phase of a sync took.
    public static var reportsPhaseTimes: Bool { variables["SOUNDSHELF_TIMING"] != nil }

    /// `SOUNDSHELF_HTTP_TRANSPORT=urlsession`: on Linux, HTTP over URLSession instead of libcurl.
    public static var prefersURLSession: Bool { variables["SOUNDSHELF_HTTP_TRANSPORT"] == "urlsession" }
}
