/// An error a tool can advise on: a library states the facts, the tool says what to run next.
/// ``CommandRunner`` prints `error: <facts>; <advice>`.
///
/// ```swift
/// extension LibraryClientError: CommandAdvising {
///     public var commandAdvice: String? { self == .noCatalogLocation ? "sync with --catalog LOCATION" : nil }
/// }
/// ```
public protocol CommandAdvising: Error {
    /// What to run or change next, in the tool's terms, or `nil` when the facts say it all.
    var commandAdvice: String? { get }
}
