import Foundation
import TestSupport
import Testing

/// `ToolRunner.run(executable:…, timeout:)` stops a run that outlives its time limit and says so.
@Suite(.serialized, .startsProcesses) struct ToolRunnerTimeoutTests {
    @Test func aRunOverItsLimitIsStopped() throws {
        let started = Date()
        let result = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "echo begun; sleep 30"], timeout: 1)
        #expect(result.timedOut)
        #expect(result.status != 0)
        #expect(result.stdout == "begun\n")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func aRunWithinItsLimitIsUntouched() throws {
        let result = try ToolRunner.run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "echo done"], timeout: 30)
        #expect(!result.timedOut)
        #expect(result.status == 0)
        #expect(result.stdout == "done\n")
    }
}
