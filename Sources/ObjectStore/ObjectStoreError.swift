import Foundation

/// What went wrong talking to an object store; each case names the bucket, key and the
/// store's own error code where there is one.
package enum ObjectStoreError: Error, CustomStringConvertible, Equatable {
    case missingCredentials
    case invalidEndpoint(String)
    case invalidLocation(String)
    /// The store answered with an error status; `code` is the XML `<Code>` (e.g. `AccessDenied`).
    case requestFailed(operation: String, bucket: String, key: String, status: Int, code: String?, message: String?)
    /// No answer after retries (connection refused, dropped, timed out).
    case unreachable(operation: String, bucket: String, key: String, reason: String)
    /// The store's answer could not be understood.
    case malformedResponse(operation: String, bucket: String, key: String)

    package var description: String {
        switch self {
        case .missingCredentials:
            return
                "no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary credentials)"
        case .invalidEndpoint(let text):
            return "invalid endpoint '\(text)': give an http:// or https:// URL such as https://s3.example.com"
        case .invalidLocation(let text):
            return
                "invalid bucket location '\(text)': write s3://BUCKET or s3://BUCKET/PREFIX (bucket names are 3–63 lowercase letters, digits, dots and hyphens)"
        case .requestFailed(let operation, let bucket, let key, let status, let code, let message):
            let what = key.isEmpty ? "bucket '\(bucket)'" : "'\(key)' in bucket '\(bucket)'"
            let detail = [code, message].compactMap { $0 }.joined(separator: ": ")
            return
                "\(operation) \(what) failed with HTTP \(status)\(detail.isEmpty ? "" : " (\(detail))"): \(Self.advice(status: status, code: code))"
        case .unreachable(let operation, let bucket, let key, let reason):
            let what = key.isEmpty ? "bucket '\(bucket)'" : "'\(key)' in bucket '\(bucket)'"
            return
                "\(operation) \(what) failed after retries: \(reason); check the endpoint and the network, then push again"
        case .malformedResponse(let operation, let bucket, let key):
            return
                "\(operation) '\(key)' in bucket '\(bucket)': the store's answer could not be read; check that the endpoint is an S3-compatible API"
        }
    }

    private static func advice(status: Int, code: String?) -> String {
        switch (status, code) {
        case (_, "NoSuchBucket"): "create the bucket or fix its name"
        case (_, "InvalidAccessKeyId"), (_, "SignatureDoesNotMatch"):
            "check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"
        case (403, _): "check the credentials and that they may write to this bucket"
        case (404, _): "check the bucket name and the endpoint"
        default: "fix the cause, then push again (objects already uploaded are kept)"
        }
    }
}
