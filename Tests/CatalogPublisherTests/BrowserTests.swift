import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The rendered catalog page as a browser sees it: headless Chromium loads it from nginx.
@Suite(.serialized, .startsProcesses) struct BrowserTests {
    let site: TemporaryDirectory
    let html: String

    init() throws {
        site = try TemporaryDirectory(prefix: "browser-site")
        html = try PageSample.publish(into: site.url)
    }

    /// Text as Chromium serializes it in a text node.
    static func domEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    @Test func chromiumShowsEveryTitleAndEveryLinkResolves() async throws {
        let chromium = try Chromium.locate()
        let nginx = try NginxServer(root: site.path())
        defer { nginx.stop() }
        let top = try await chromium.dumpDOM(of: nginx.baseURL.appendingPathComponent("index.html"))
        #expect(top.contains("<h1>Soundshelf &lt;Demo&gt; &amp; Friends</h1>"))
        var doms = ["index.html": top]
        for pack in PageSample.seed.packs {
            let path = "pages/\(pack.id).html"
            #expect(top.contains("href=\"\(path)\""), "the top page does not link \(path)")
            let dom = try await chromium.dumpDOM(of: nginx.baseURL.appendingPathComponent(path))
            #expect(dom.contains("<h1>\(Self.domEscaped(pack.title))</h1>"))
            for title in pack.items.map(\.title) {
                #expect(dom.contains(Self.domEscaped(title)), "the browser does not show \(title) on \(path)")
            }
            doms[path] = dom
        }
        for title in PageSample.music.map(\.title) {
            #expect(top.contains(Self.domEscaped(title)), "the browser does not show \(title)")
        }
        #expect(!doms.values.contains { $0.contains("<script") }, "an item title became markup")
        #expect(
            doms.values.reduce(0) { $0 + $1.matches(of: /<audio controls="" preload="none" src="/).count } == 6)

        var checked = 0
        for (path, dom) in doms.sorted(by: { $0.key < $1.key }) {
            let page = nginx.baseURL.appendingPathComponent(path)
            let html = try #require(site.read(path))
            for link in Set(PageSample.links(in: html) + PageSample.links(in: dom)).sorted() {
                if link.hasPrefix("#") {
                    #expect(dom.contains("id=\"\(link.dropFirst())\""), "fragment \(link) of \(path) has no target")
                    continue
                }
                let url = try #require(URL(string: link, relativeTo: page)?.absoluteURL)
                #expect(
                    url.absoluteString.hasPrefix(nginx.baseURL.absoluteString),
                    "\(link) on \(path) leaves the catalog folder")
                let head = try await HTTPFetch.get(url, method: "HEAD")
                let get = try await HTTPFetch.get(url)
                #expect(
                    head.status == 200 && get.status == 200,
                    "\(link) on \(path) → HEAD \(head.status), GET \(get.status)")
                let local = String(url.absoluteString.dropFirst(nginx.baseURL.absoluteString.count))
                    .trimmingPrefix("/")
                #expect(
                    get.body == FileManager.default.contents(atPath: site.path(String(local))),
                    "\(link) is not the file on disk")
                checked += 1
            }
        }
        #expect(checked > 10)
    }

    @Test func fitsAPhoneWithoutHorizontalScrolling() async throws {
        let chromium = try Chromium.locate()
        // A test-only page that loads index.html and a pack's page in phone-sized frames and writes down how wide
        // each document is compared with the frame (scrollWidth > clientWidth means sideways scrolling).
        try site.write(
            "phone-check.html",
            """
            <!DOCTYPE html><html><body style="margin:0">
            <iframe id="w320" src="index.html" style="width:320px;height:700px;border:0"></iframe>
            <iframe id="w412" src="index.html" style="width:412px;height:700px;border:0"></iframe>
            <iframe id="p320" src="pages/\(PageSample.dungeon.id).html" style="width:320px;height:700px;border:0"></iframe>
            <script>
            window.addEventListener("load", function () {
              for (const id of ["w320", "w412", "p320"]) {
                const root = document.getElementById(id).contentDocument.documentElement;
                document.body.setAttribute("data-" + id, root.scrollWidth + "/" + root.clientWidth);
              }
            });
            </script></body></html>
            """)
        let nginx = try NginxServer(root: site.path())
        defer { nginx.stop() }
        let dom = try await chromium.dumpDOM(
            of: nginx.baseURL.appendingPathComponent("phone-check.html"), windowSize: "800,900")
        for (frame, width) in [("w320", "320"), ("w412", "412"), ("p320", "320")] {
            let match = try #require(
                dom.firstMatch(of: try Regex("data-\(frame)=\"(\\d+)/(\\d+)\"")),
                "no width measured for \(frame)")
            let scroll = Int(match.output[1].substring ?? "") ?? -1
            let client = Int(match.output[2].substring ?? "") ?? -1
            #expect(client > Int(width)! - 20 && client <= Int(width)!, "the frame is \(client) px wide")
            #expect(scroll <= client, "at \(width) px the page is \(scroll) px wide: it scrolls sideways")
        }
    }

    @Test func screenshotAtPhoneWidth() async throws {
        let chromium = try Chromium.locate()
        let nginx = try NginxServer(root: site.path())
        defer { nginx.stop() }
        let file = "/tmp/soundshelf-page.png"
        try await chromium.screenshot(
            of: nginx.baseURL.appendingPathComponent("index.html"), to: file, windowSize: "412,900")
        let png = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let width = png.subdata(in: 16..<20).reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 412)
    }
}
