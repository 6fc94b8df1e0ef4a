import CatalogPublisher
import Foundation

/// moto's S3 server on 127.0.0.1 for the update benchmark (`python3 -m moto.server`), and pushes
/// to it through `CatalogPusher`.
final class BenchMoto {
    let endpoint: String
    private let process: Process
    private static let environment = [
        "AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench", "AWS_REGION": "us-east-1",
    ]

    init(work: URL) throws {
        let port = Int.random(in: 20_000..<60_000)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "moto.server", "-H", "127.0.0.1", "-p", "\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        endpoint = "http://127.0.0.1:\(port)"
        for _ in 0..<100 where process.isRunning {
            if (try? BenchProcess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", endpoint]).status) == 0 { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        stop()
        throw BenchFailure(message: "moto did not start (python3 -m moto.server; run scripts/bootstrap)")
    }

    func createBuckets(_ names: [String]) throws {
        for name in names {
            let script =
                "import boto3; boto3.client('s3', endpoint_url='\(endpoint)', region_name='us-east-1', "
                + "aws_access_key_id='bench', aws_secret_access_key='bench').create_bucket(Bucket='\(name)')"
            guard try BenchProcess.run("/usr/bin/env", ["python3", "-c", script]).status == 0 else {
                throw BenchFailure(message: "cannot create bucket \(name) in moto")
            }
        }
    }

    func push(_ dist: URL, bucket: String, copies: Bool) async throws -> PushResult {
        var options = PushOptions(directory: dist.path, destination: "s3://\(bucket)")
        options.endpoint = endpoint
        options.environment = Self.environment
        options.copies = copies
        return try await CatalogPusher.push(options)
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<20 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
