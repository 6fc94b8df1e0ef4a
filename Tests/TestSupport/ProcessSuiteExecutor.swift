import Foundation

/// Runs each piece of a task's work on a thread of its own (as `offPool` does for one closure), so
/// a test that blocks while it waits for a child process holds that thread only, never one of the
/// few threads Swift concurrency shares (two on a 2-core machine). Threads are started per job: the
/// suites that use it spend their time in child processes, not in scheduling.
final class ProcessSuiteExecutor: TaskExecutor {
    static let shared = ProcessSuiteExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread.detachNewThread { job.runSynchronously(on: executor) }
    }
}
