import CatalogModel
import Foundation

/// An independent S3 client for assertions: boto3 in a short Python script, against a
/// loopback endpoint.
///
/// ```swift
/// let s3 = S3Inspector(endpoint: moto.endpoint)
/// try s3.createPublicBucket("media")
/// let objects = try s3.objects(bucket: "media")   // key → bytes' SHA-256, Content-Type, …
/// ```
public struct S3Inspector: Sendable {
    public struct Object: Decodable, Sendable, Equatable {
        public var key: String
        public var size: Int64
        public var sha256: String
        public var contentType: String
        public var cacheControl: String?
        public var metaSHA256: String?
        public var lastModified: Double
    }

    public let endpoint: URL

    public init(endpoint: URL) { self.endpoint = endpoint }

    /// Lowercase hex SHA-256, to compare with what the store holds.
    public static func sha256Hex(_ data: Data) -> String { SHA256Digest.hex(of: data) }

    /// Creates `bucket` with a policy letting anyone read its objects (as behind a CDN).
    public func createPublicBucket(_ bucket: String) throws {
        _ = try run(
            """
            s3.create_bucket(Bucket=BUCKET)
            policy = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Principal": "*",
                      "Action": "s3:GetObject", "Resource": "arn:aws:s3:::" + BUCKET + "/*"}]}
            s3.put_bucket_policy(Bucket=BUCKET, Policy=json.dumps(policy))
            print("{}")
            """, bucket: bucket)
    }

    /// Every object in `bucket` read back in full: its bytes' SHA-256 and its headers.
    public func objects(bucket: String) throws -> [Object] {
        let data = try run(
            """
            out = []
            for page in s3.get_paginator("list_objects_v2").paginate(Bucket=BUCKET):
                for item in page.get("Contents", []):
                    got = s3.get_object(Bucket=BUCKET, Key=item["Key"])
                    body = got["Body"].read()
                    out.append({"key": item["Key"], "size": len(body), "sha256": hashlib.sha256(body).hexdigest(),
                                "contentType": got.get("ContentType", ""), "cacheControl": got.get("CacheControl"),
                                "metaSHA256": got.get("Metadata", {}).get("sha256"),
                                "lastModified": got["LastModified"].timestamp()})
            print(json.dumps(out))
            """, bucket: bucket)
        return try JSONDecoder().decode([Object].self, from: data)
    }

    /// Multipart uploads started and neither completed nor aborted.
    public func openMultipartUploads(bucket: String) throws -> Int {
        let data = try run(
            """
            print(json.dumps(len(s3.list_multipart_uploads(Bucket=BUCKET).get("Uploads", []))))
            """, bucket: bucket)
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    private func run(_ body: String, bucket: String) throws -> Data {
        let script = """
            import boto3, hashlib, json, sys
            from botocore.config import Config
            BUCKET = sys.argv[2]
            s3 = boto3.client("s3", endpoint_url=sys.argv[1], region_name="us-east-1", aws_access_key_id="testing",
                              aws_secret_access_key="testing", config=Config(s3={"addressing_style": "path"}))

            """ + body
        let result = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", script, endpoint.absoluteString, bucket])
        guard result.status == 0 else {
            throw ToolFailureText(description: "boto3 script failed: " + result.stderr)
        }
        return result.stdoutData
    }
}

struct ToolFailureText: Error, CustomStringConvertible { var description: String }
