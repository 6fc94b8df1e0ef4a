import Hummingbird

extension Request {
    /// The most a request body may hold (1 MiB); a larger one is refused with 413.
    static let bodyLimit = 1 << 20
}
