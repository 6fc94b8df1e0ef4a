import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting a child process that can still be stopped with SIGTERM.
///
/// A spawned process inherits the signal mask of the thread that spawns it, and the threads
/// test code runs on (Dispatch workers, Swift concurrency's pool) block nearly every signal: a
/// server started from them would ignore SIGTERM and could only be killed. So the spawn happens
/// on a fresh thread whose mask is cleared first.
///
/// ```swift
/// try SignalReadySpawn.run(process)   // instead of process.run()
/// ```
public enum SignalReadySpawn {
    /// Starts `process` (like `process.run()`) with an empty signal mask.
    public static func run(_ process: Process) throws {
        let box = SpawnBox(process)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var empty = sigset_t()
            sigemptyset(&empty)
            pthread_sigmask(SIG_SETMASK, &empty, nil)
            box.spawn()
            done.signal()
        }
        done.wait()
        try box.result.get()
    }
}

/// Hands a `Process` to the spawning thread and its outcome back.
///
/// `@unchecked Sendable`: `process` and `result` are touched by one thread at a time — the
/// spawning thread writes `result` before signalling the semaphore the caller waits on, and the
/// caller reads it only after that wait.
private final class SpawnBox: @unchecked Sendable {
    let process: Process
    var result: Result<Void, any Error> = .success(())

    init(_ process: Process) { self.process = process }

    func spawn() { result = Result { try process.run() } }
}
