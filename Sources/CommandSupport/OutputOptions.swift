import ArgumentParser

/// `--json`: every command prints one JSON document on stdout when given.
///
/// ```swift
/// struct Keygen: ParsableCommand {
///     @OptionGroup var output: OutputOptions
///     func run() throws { if output.json { try Output.json(result) } }
/// }
/// ```
public struct OutputOptions: ParsableArguments {
    @Flag(help: "Print one JSON document on stdout.")
    public var json = false

    public init() {}
}

/// `--strict`: validation warnings count as errors.
public struct StrictOptions: ParsableArguments {
    @Flag(help: "Treat validation warnings as errors.")
    public var strict = false

    public init() {}
}

/// `--no-cache`: read every source file again instead of trusting the build state (what the
/// tools learned of each file, kept in `build-state.sqlite` of the build caches' folder); the
/// output is the same, only slower.
public struct CacheOptions: ParsableArguments {
    @Flag(
        name: .customLong("no-cache"),
        help: "Read every source file again, ignoring the build state (build-state.sqlite in ~/.cache/soundshelf).")
    public var noCache = false

    public init() {}
}
