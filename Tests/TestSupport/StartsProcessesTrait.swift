import Testing

/// Marks a suite that starts processes (the built tools, `client serve`, nginx, moto, Chromium,
/// ffmpeg, tar): it runs beside at most one other such suite, or alone with `alone: true`
/// (``ProcessSuiteSlots``), and its tests never hold a thread of Swift concurrency's shared pool.
/// The in-process suites run in parallel beside them.
///
/// `.serialized` alone only orders the tests of one suite, and suites in different test targets
/// cannot share one `.serialized` parent; so each marked suite takes a place in
/// ``ProcessSuiteSlots`` for the whole of its run. Waiting for a place suspends the suite's task
/// (no thread is held) and happens before any of its tests starts, so it never counts toward a time
/// limit. The suite's tests then run on ``ProcessSuiteExecutor``: a test that blocks while a tool,
/// a server or a browser works blocks a thread of its own, and the pool stays free for every other
/// test.
///
/// ```swift
/// @Suite(.serialized, .startsProcesses) struct PackerCLITests { … }
/// ```
public struct StartsProcessesTrait: SuiteTrait, TestScoping {
    /// Whether the suite runs while no other suite that starts processes does.
    public var alone = false

    public var isRecursive: Bool { false }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A marked suite nested in another runs within its parent's turn.
        if ProcessSuiteSlots.held { return try await function() }
        let slots = ProcessSuiteSlots.shared
        let places = alone ? slots.width : 1
        await slots.acquire(places)
        do {
            try await ProcessSuiteSlots.$held.withValue(true) {
                try await withTaskExecutorPreference(ProcessSuiteExecutor.shared) { try await function() }
            }
        } catch {
            await slots.release(places)
            throw error
        }
        await slots.release(places)
    }
}

extension Trait where Self == StartsProcessesTrait {
    /// Runs the suite alone among the suites that start processes, off the shared thread pool
    /// (see ``StartsProcessesTrait``).
    public static var startsProcesses: Self { StartsProcessesTrait() }

    /// The same; with `alone`, while no other suite that starts processes runs (a test that times
    /// real-time audio).
    public static func startsProcesses(alone: Bool) -> Self { StartsProcessesTrait(alone: alone) }
}
