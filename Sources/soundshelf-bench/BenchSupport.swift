import Foundation

/// Tiny argument helpers for the bench commands (kept free of ArgumentParser on purpose).
enum BenchArgs {
    static func int(_ args: [String], _ flag: String) -> Int? {
        guard let i = args.firstIndex(of: flag), i + 1 < args.count else { return nil }
        return Int(args[i + 1])
    }

    /// A tool built next to this executable (`packer`, `client`, …).
    static func sibling(_ name: String) -> String {
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent(name).path
    }
}

enum Timer {
    /// Wall-clock seconds of `body`; a non-zero status is an error.
    static func measure(_ body: () throws -> Int32) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let status = try body()
        guard status == 0 else { throw BenchFailure(message: "a timed command exited with status \(status)") }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Wall-clock seconds of an async `body`.
    static func measureAsync(_ body: () async throws -> Void) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { "soundshelf-bench: \(message)" }
}

/// Runs a child process (`path` searched in PATH when it has no slash) and reports its exit
/// status, peak RSS and CPU time (user + system, from wait4's rusage, which includes the
/// descendants it waited for), so a run on a busy machine can still be compared by the CPU it used.
enum BenchProcess {
    struct Outcome {
        var status: Int32
        var maxRSSKiB: Int
        var cpuSeconds: Double = 0
    }

    /// `extraEnvironment` ("NAME=value") is added to this process's environment; `standardInput`
    /// is a file the child reads as its standard input (default: this process's).
    static func run(
        _ path: String, _ arguments: [String], extraEnvironment: [String] = [],
        standardInput: String? = nil
    ) throws -> Outcome {
        var pid: pid_t = 0
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var inherited: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            inherited.append(String(cString: pointer))
            entry += 1
        }
        let envp = (inherited + extraEnvironment).map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if let standardInput { posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawnp(&pid, path, &actions, nil, argv, envp) == 0 else {
            throw BenchFailure(message: "cannot start \(path); build it first (swift build -c release)")
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return Outcome(
            status: exit, maxRSSKiB: usage.ru_maxrss, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    /// Runs `arguments` through GNU time and returns its status and peak RSS in KiB (the file
    /// time writes goes in `scratch`): a child spawned from this process would start with this
    /// process's peak RSS.
    static func measuredPeak(_ arguments: [String], scratch: URL) throws -> (status: Int32, peakKiB: Int) {
        let peak = scratch.appendingPathComponent("peak")
        let run = try BenchProcess.run("/usr/bin/time", ["-f", "%M", "-o", peak.path] + arguments)
        let text = (try? String(contentsOf: peak, encoding: .utf8)) ?? ""
        return (run.status, Int(text.split(separator: "\n").last.map(String.init) ?? "") ?? 0)
    }
}
