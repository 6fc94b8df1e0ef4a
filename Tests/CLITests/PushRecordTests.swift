import Foundation
import TestSupport
import Testing

/// `catalog push` keeps a record of what it stored (the build state's `PushRecord`): a later push
/// to the same place trusts it while the bucket's catalog.json is the one stored last, and moves
/// only the new files with a few requests, without listing the bucket.
@Suite(.serialized, .startsProcesses) struct PushRecordTests {
    /// A one-pack change of the fixture's source, published; returns the new files' paths.
    func publishOnePackChange(_ fixture: PushFixture) throws -> Set<String> {
        let before = try fixture.localFiles()
        let pack = fixture.source + "/packs/tavern-life/pack.yaml"
        try DemoCatalog.edit(pack, replacing: "version: 1", with: "version: 2")
        try DemoCatalog.edit(pack, replacing: "title: \"Tavern Life\"", with: "title: \"Tavern Life, Renovated\"")
        let publish = try ToolRunner.run(
            "catalog", ["publish", fixture.dist, "--source", fixture.source, "--keys", fixture.keys])
        try #require(publish.status == 0, "\(publish.stderr)")
        // New files, and the pack's page (rewritten).
        return Set(try fixture.localFiles().keys).subtracting(before.keys).union([
            "pages/c3e36bf8-3514-49c5-8900-516e2d00eff5.html"
        ])
    }

    func isListing(_ request: S3Proxy.Request) -> Bool {
        request.method == "GET" && request.query.contains("list-type")
    }

    @Test("after a recorded push, a one-pack change costs its files plus a few requests and no listing")
    func recordedPushDoesNotList() throws {
        let fixture = try PushFixture()
        let environment = MotoServer.environment.merging(["XDG_CACHE_HOME": fixture.tmp.path("cache")]) { $1 }
        try #require(try fixture.push(environment: environment).status == 0)
        let added = try publishOnePackChange(fixture)
        let start = fixture.proxy.requests.count
        let result = try fixture.push(environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let requests = Array(fixture.proxy.requests.dropFirst(start))
        #expect(!requests.contains(where: isListing), "the bucket was listed: \(requests.map(\.query))")
        let writes = fixture.storedWrites(since: start)
        #expect(Set(writes) == Set(added.union(["catalog.json", "index.html"]).map { "demo/" + $0 }))
        #expect(requests.count <= writes.count + 10, "\(requests.count) requests for \(writes.count) new files")
        #expect(writes.last == "demo/catalog.json")
    }

    @Test("a bucket whose catalog.json another push replaced is listed again, and ends complete")
    func replacedCatalogIsListedAgain() throws {
        let fixture = try PushFixture()
        let mine = MotoServer.environment.merging(["XDG_CACHE_HOME": fixture.tmp.path("cache-a")]) { $1 }
        let theirs = MotoServer.environment.merging(["XDG_CACHE_HOME": fixture.tmp.path("cache-b")]) { $1 }
        try #require(try fixture.push(environment: mine).status == 0)
        let added = try publishOnePackChange(fixture)
        try #require(try fixture.push(environment: theirs).status == 0)  // another machine pushes the change
        // Back to the first machine, with a new catalog.json (a renewal) to push: its record is stale.
        let renew = try ToolRunner.run(
            "catalog", ["publish", fixture.dist, "--source", fixture.source, "--keys", fixture.keys, "--renew"])
        try #require(renew.status == 0, "\(renew.stderr)")
        let start = fixture.proxy.requests.count
        let result = try fixture.push(environment: mine)
        #expect(result.status == 0, "\(result.stderr)")
        let requests = Array(fixture.proxy.requests.dropFirst(start))
        #expect(requests.contains(where: isListing), "a stale record was trusted")
        let writes = Set(fixture.storedWrites(since: start))
        #expect(writes.isDisjoint(with: added.map { "demo/" + $0 }), "files the other push stored went up again")
        #expect(writes.contains("demo/catalog.json"))
    }

    @Test("a local file whose stat is the one the last push recorded is not read again; one written is")
    func unchangedStatIsNotHashed() throws {
        let fixture = try PushFixture()
        let environment = MotoServer.environment.merging(["XDG_CACHE_HOME": fixture.tmp.path("cache")]) { $1 }
        Thread.sleep(forTimeInterval: 0.05)  // the published files a tick old: their stats can be kept
        try #require(try fixture.push(environment: environment).status == 0)
        // A pack archive's bytes replaced in place, its modification time put back: only a read
        // could notice (as with git's index).
        let archive = try #require(try fixture.localFiles().keys.first { $0.hasSuffix("pack.tar") })
        let path = fixture.dist + "/" + archive
        var info = stat()
        #expect(stat(path, &info) == 0)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(repeating: 0x21, count: 512))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var start = fixture.proxy.requests.count
        #expect(try fixture.push(environment: environment).status == 0)
        #expect(fixture.storedWrites(since: start).isEmpty, "a file with a recorded stat was read and sent")
        // Touched, it is read again: its bytes differ from the bucket's, so it goes up.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        start = fixture.proxy.requests.count
        #expect(try fixture.push(environment: environment).status == 0)
        #expect(fixture.storedWrites(since: start) == ["demo/" + archive])
    }

    @Test("a push that failed part way resumes: what it stored does not go up again, and the bucket is not listed")
    func failedPushResumes() throws {
        let fixture = try PushFixture()
        let environment = MotoServer.environment.merging(["XDG_CACHE_HOME": fixture.tmp.path("cache")]) { $1 }
        try #require(try fixture.push(environment: environment).status == 0)
        let added = try publishOnePackChange(fixture)
        // The top page is refused once: the pack's new files and its page are stored, then the push stops.
        fixture.proxy.add(
            .init(method: "PUT", pathContains: "/demo/index.html", fault: .status(403, code: "AccessDenied")))
        var start = fixture.proxy.requests.count
        try #require(try fixture.push(environment: environment).status == 1)
        let storedBefore = Set(fixture.storedWrites(since: start))
        #expect(storedBefore == Set(added.map { "demo/" + $0 }), "\(storedBefore)")
        start = fixture.proxy.requests.count
        let result = try fixture.push(environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let requests = Array(fixture.proxy.requests.dropFirst(start))
        #expect(!requests.contains(where: isListing), "the bucket was listed")
        #expect(fixture.storedWrites(since: start) == ["demo/index.html", "demo/catalog.json"])
        #expect(requests.count <= 2 + 10, "\(requests.count) requests to store two files")
    }

    @Test("without the build state (--no-cache) a push lists the bucket, stores what is missing, and keeps nothing")
    func noCachePushListsAndKeepsNothing() throws {
        let fixture = try PushFixture()
        let cache = fixture.tmp.path("cache")
        let environment = MotoServer.environment.merging(["XDG_CACHE_HOME": cache]) { $1 }
        let first = try fixture.push(["--no-cache"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let counts = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
        #expect(counts?["uploaded"] as? Int == (try fixture.localFiles().count))
        #expect(counts?["unchanged"] as? Int == 0)
        let start = fixture.proxy.requests.count
        let second = try fixture.push(["--no-cache"], environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(fixture.proxy.requests.dropFirst(start).contains(where: isListing))
        #expect(fixture.storedWrites(since: start).isEmpty, "\(fixture.storedWrites(since: start))")
        #expect(!FileManager.default.fileExists(atPath: cache + "/soundshelf/build-state.sqlite"))
    }
}
