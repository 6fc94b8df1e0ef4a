import Foundation

/// Runs a child process for the install benchmark and reports its exit status, peak RSS and CPU
/// time (user + system, from wait4's rusage, which includes the descendants it waited for), so a
/// run on a busy machine can still be compared by the CPU it used.
enum InstallBenchProcess {
    struct Outcome {
        var status: Int32
        var maxRSSKiB: Int
        var cpuSeconds: Double
    }

    static func run(_ path: String, _ arguments: [String]) throws -> Outcome {
        var pid: pid_t = 0
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawnp(&pid, path, &actions, nil, argv, environ) == 0 else {
            throw BenchFailure(message: "cannot start \(path); build it first (swift build -c release)")
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return Outcome(status: exit, maxRSSKiB: usage.ru_maxrss, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}
