import Foundation
import TestSupport
import Testing

@testable import ObjectStore

/// The requests the S3 client builds (URL, encoded key, query, headers) signed the same way
/// botocore's S3 signer signs them — an independent implementation of the S3 flavour of SigV4
/// (no path normalisation, single encoding, `x-amz-content-sha256`, session token).
@Suite(.serialized, .startsProcesses) struct S3SigningCrossCheckTests {
    static let date = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z

    static let script = """
        import datetime, json, sys
        from unittest import mock
        from botocore.auth import S3SigV4Auth
        from botocore.awsrequest import AWSRequest
        from botocore.credentials import Credentials
        method, url, body, token, headers = sys.argv[1], sys.argv[2], sys.argv[3].encode(), sys.argv[4], json.loads(sys.argv[5])
        request = AWSRequest(method=method, url=url, data=body, headers=headers)
        fixed = datetime.datetime(2015, 8, 30, 12, 36, 0)
        with mock.patch("botocore.auth.get_current_datetime", return_value=fixed):
            S3SigV4Auth(Credentials("AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", token or None), "s3", "us-east-1").add_auth(request)
        print(request.headers["Authorization"])
        """

    struct Case: Sendable, CustomTestStringConvertible {
        var method: String
        var key: String
        var query: [(name: String, value: String)]
        var headers: [(name: String, value: String)]
        var body: String
        var token: String?
        var testDescription: String { "\(method) \(key.isEmpty ? "(bucket)" : key)" }
    }

    static let cases = [
        Case(
            method: "PUT", key: "demo/packs/a b/ሴ+x.json", query: [],
            headers: [
                ("Content-Type", "application/json"), ("Cache-Control", "no-cache"), ("x-amz-meta-sha256", "abc"),
            ],
            body: "hello", token: "TOKEN"),
        Case(
            method: "GET", key: "", query: [("list-type", "2"), ("prefix", "demo/"), ("continuation-token", "a+b/c=")],
            headers: [], body: "", token: nil),
        Case(
            method: "POST", key: "big file.bin", query: [("uploads", "")],
            headers: [("Content-Type", "audio/wav"), ("Cache-Control", "public, max-age=31536000, immutable")],
            body: "", token: nil),
        Case(
            method: "PUT", key: "big file.bin", query: [("partNumber", "2"), ("uploadId", "x~y z")], headers: [],
            body: "part", token: "T"),
    ]

    @Test("matches botocore", arguments: cases)
    func matchesBotocore(_ example: Case) throws {
        var environment = [
            "AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
        ]
        environment["AWS_SESSION_TOKEN"] = example.token
        let configuration = try ObjectStoreConfiguration(
            environment: environment, endpoint: "http://127.0.0.1:9000", region: nil)
        let client = S3Client(configuration: configuration, bucket: "media")
        let body = Data(example.body.utf8)
        let request = try client.makeRequest(
            S3Client.Call(
                operation: "test", method: example.method, key: example.key, query: example.query,
                headers: example.headers, body: body),
            payloadHash: SigV4Signer.hex(SHA256Hex.digest(body)), date: Self.date)
        let headersJSON = try JSONSerialization.data(
            withJSONObject: Dictionary(
                example.headers.map { ($0.name, $0.value) },
                uniquingKeysWith: { a, _ in a }))
        let url = try #require(request.url?.absoluteString)
        let expected = try Python.run(
            Self.script,
            [
                example.method, url, example.body, example.token ?? "",
                String(decoding: headersJSON, as: UTF8.self),
            ])
        #expect(request.value(forHTTPHeaderField: "Authorization") == expected, "\(url)")
    }
}

/// Runs a Python snippet; returns its stdout, trimmed.
enum Python {
    static func run(_ script: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
