import Foundation

/// The places for suites marked `.startsProcesses`: two, so two such suites overlap
/// (`$SOUNDSHELF_PROCESS_SUITES` sets another number; 1 runs them one after another). A suite
/// marked `.startsProcesses(alone: true)` takes every place: the browser test that records the
/// soundboard's audio in real time heard a wrong level once beside another such suite on 2 cores.
/// First come, first served; waiters are suspended tasks, never blocked threads.
actor ProcessSuiteSlots {
    static let shared = ProcessSuiteSlots(width: configuredWidth)

    private static var configuredWidth: Int {
        let value = ProcessInfo.processInfo.environment["SOUNDSHELF_PROCESS_SUITES"].flatMap { Int($0) }
        return max(1, value ?? 2)
    }

    /// Whether the current task runs inside a suite that holds a place.
    @TaskLocal static var held = false

    let width: Int
    private var taken = 0
    private var waiters: [(places: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(width: Int) { self.width = width }

    /// Waits for `places` places (at most all of them), after everyone who asked earlier.
    func acquire(_ places: Int) async {
        let places = min(places, width)
        if waiters.isEmpty, taken + places <= width {
            taken += places
            return
        }
        await withCheckedContinuation { waiters.append((places, $0)) }
    }

    /// Gives back `places` places and hands them to the waiters at the front that now fit.
    func release(_ places: Int) {
        taken -= min(places, width)
        while let first = waiters.first, taken + first.places <= width {
            waiters.removeFirst()
            taken += first.places
            first.continuation.resume()
        }
    }
}
