import Foundation

/// An access key pair, with the session token of temporary credentials.
package struct ObjectStoreCredentials: Sendable, Equatable {
    package var accessKeyID: String
    package var secretAccessKey: String
    package var sessionToken: String?

    package init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }
}

/// Where and as whom to talk to the store: from the usual AWS variables, overridden by options.
/// The variables are the caller's (the tool reads them from its environment); this library
/// never reads the environment.
///
/// ```swift
/// let variables = ["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret"]
/// let config = try ObjectStoreConfiguration(environment: variables,
///                                           endpoint: "http://127.0.0.1:9000", region: nil)
/// ```
package struct ObjectStoreConfiguration: Sendable {
    package var credentials: ObjectStoreCredentials
    package var region: String
    /// A custom endpoint (MinIO, R2, …): requests go path-style to `endpoint/bucket/key`.
    /// Without one, virtual-hosted AWS: `https://bucket.s3.region.amazonaws.com/key`.
    package var endpoint: URL?

    package init(credentials: ObjectStoreCredentials, region: String, endpoint: URL?) {
        self.credentials = credentials
        self.region = region
        self.endpoint = endpoint
    }

    /// From `environment`, the AWS variables as given: `AWS_ACCESS_KEY_ID`,
    /// `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`, `AWS_REGION` / `AWS_DEFAULT_REGION` (else
    /// us-east-1), `AWS_ENDPOINT_URL_S3` / `AWS_ENDPOINT_URL`; `endpoint` and `region`
    /// (command-line options) win over the variables.
    package init(environment: [String: String], endpoint: String?, region: String?) throws {
        func value(_ key: String) -> String? {
            guard let text = environment[key]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            return text
        }
        guard let key = value("AWS_ACCESS_KEY_ID"), let secret = value("AWS_SECRET_ACCESS_KEY") else {
            throw ObjectStoreError.missingCredentials
        }
        credentials = ObjectStoreCredentials(
            accessKeyID: key, secretAccessKey: secret, sessionToken: value("AWS_SESSION_TOKEN"))
        self.region = region ?? value("AWS_REGION") ?? value("AWS_DEFAULT_REGION") ?? "us-east-1"
        if let text = endpoint ?? value("AWS_ENDPOINT_URL_S3") ?? value("AWS_ENDPOINT_URL") {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https",
                url.host != nil
            else { throw ObjectStoreError.invalidEndpoint(text) }
            self.endpoint = url
        } else {
            self.endpoint = nil
        }
    }
}

/// `s3://BUCKET[/PREFIX]`: a bucket and a key prefix (empty, or ending in `/`).
///
/// ```swift
/// let location = try BucketLocation(parsing: "s3://media/catalog")   // bucket "media", prefix "catalog/"
/// ```
package struct BucketLocation: Sendable, Equatable {
    package var bucket: String
    package var prefix: String

    package init(parsing text: String) throws {
        guard text.hasPrefix("s3://") else { throw ObjectStoreError.invalidLocation(text) }
        let rest = text.dropFirst(5)
        let parts = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let bucket = String(parts.first ?? "")
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789.-")
        guard (3...63).contains(bucket.count), bucket.unicodeScalars.allSatisfy(allowed.contains) else {
            throw ObjectStoreError.invalidLocation(text)
        }
        self.bucket = bucket
        let prefix = parts.count > 1 ? parts[1].split(separator: "/").joined(separator: "/") : ""
        self.prefix = prefix.isEmpty ? "" : prefix + "/"
    }
}
