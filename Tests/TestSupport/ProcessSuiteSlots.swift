import Foundation

/// The places for suites marked `.startsProcesses`: one, so they run one after another
/// (`$SOUNDSHELF_PROCESS_SUITES` sets another number). Not two by default: beside another such suite
/// on a 2-core machine, the browser test that records the soundboard's audio in real time heard a
/// wrong level once. First come, first served; waiters are suspended tasks, never blocked threads.
actor ProcessSuiteSlots {
    static let shared = ProcessSuiteSlots(width: configuredWidth)

    private static var configuredWidth: Int {
        let value = ProcessInfo.processInfo.environment["SOUNDSHELF_PROCESS_SUITES"].flatMap { Int($0) }
        return max(1, value ?? 1)
    }

    /// Whether the current task runs inside a suite that holds a place.
    @TaskLocal static var held = false

    private let width: Int
    private var running = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { self.width = width }

    func acquire() async {
        guard running >= width else {
            running += 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Hands the place straight to the longest waiter, if any.
    func release() {
        if waiters.isEmpty { running -= 1 } else { waiters.removeFirst().resume() }
    }
}
