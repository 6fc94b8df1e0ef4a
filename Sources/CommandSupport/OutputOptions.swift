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
