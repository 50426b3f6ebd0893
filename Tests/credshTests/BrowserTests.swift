import Foundation
import Testing
import Expectations

/// A Chromium to render pictures with: `CHROMIUM` names one, else the usual names on the
/// usual paths. `make test` and `.ci/run` install Debian's `chromium` when none is there.
enum Chromium {
    static let binary: URL? = {
        if let path = ProcessInfo.processInfo.environment["CHROMIUM"], !path.isEmpty { return URL(fileURLWithPath: path) }
        for directory in ["/usr/bin", "/usr/local/bin", "/snap/bin"] {
            for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
                let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        return nil
    }()

    static let skipReason: Comment = "no chromium binary is installed (Debian: apt-get install chromium; or set CHROMIUM): the browser test is skipped"

    /// Runs headless Chromium with a profile of its own (instances run side by side).
    static func run(_ arguments: [String], profile: URL, timeout: Double = 120) throws -> Credsh.Result {
        try Credsh.run(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                        "--disable-extensions", "--mute-audio", "--disable-dev-shm-usage",
                        "--user-data-dir=\(profile.path)"] + arguments,
                       environment: ["HOME": profile.path], timeout: timeout, executable: binary)
    }
}

/// Each example's picture, rendered by a real browser: not blank, and its ink reaches
/// the picture's edges without being cut by them (the size follows the content); and, in
/// the same browser, every text measured: no two overlap, none leaves the picture or its
/// box, and none is wider than the layout planned. One page renders all the examples (a
/// browser start costs seconds); a few are also opened as documents and screenshotted
/// with `--screenshot`, as a person opening the file would see them. The pictures and
/// screenshots stay in .build/diagram-screenshots/ for a person to look at.
@Suite struct BrowserTests {
    struct Picture {
        let name: String
        let svg: URL
        let width: Int
        let height: Int
        /// A screenshot of the SVG opened as a document, for some of them.
        var screenshot: URL?
    }

    /// One of each SDK, and the longest: opened as documents and screenshotted.
    static let screenshotted = ["expiry", "onewelcome-wrong-pin-deregisters", "fiori-change-passcode", "susi-token-owner-not-checked"]

    @Test(.enabled(if: Chromium.binary != nil, Chromium.skipReason))
    func everyExampleRendersInABrowser() throws {
        let dir = Credsh.packageRoot.appendingPathComponent(".build/diagram-screenshots")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var pictures: [Picture] = []
        for example in TranscriptTests.examples {
            let name = String(example.dropLast(".credscript".count)).replacingOccurrences(of: "/", with: "-")
            let svg = dir.appendingPathComponent(name + ".svg")
            let drawn = try Credsh.run(["diagram", "examples/\(example)", "-o", svg.path])
            try #require(drawn.status == 0, "\(drawn.stderr)")
            let size = try #require(Self.size(of: try String(contentsOf: svg, encoding: .utf8)))
            pictures.append(Picture(name: name, svg: svg, width: size.0, height: size.1))
        }

        // Screenshots of a few, side by side (each browser mostly waits for its own start-up).
        let failures = FailureBox()
        let group = DispatchGroup()
        for index in pictures.indices where Self.screenshotted.contains(pictures[index].name) {
            let picture = pictures[index]
            let png = dir.appendingPathComponent(picture.name + ".png")
            pictures[index].screenshot = png
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                let profile = dir.appendingPathComponent("profile-\(index)")
                do {
                    let result = try Chromium.run(["--screenshot=\(png.path)", "--window-size=\(picture.width),\(picture.height)",
                                                   picture.svg.absoluteString], profile: profile)
                    if result.status != 0 || result.timedOut { failures.add("\(picture.name): chromium exited \(result.status)\n\(result.stderr.suffix(600))") }
                } catch { failures.add("\(picture.name): \(error)") }
                try? FileManager.default.removeItem(at: profile)
            }
        }
        group.wait()
        for failure in failures.all { Issue.record(Comment(rawValue: failure)) }
        try #require(failures.all.isEmpty)

        let page = dir.appendingPathComponent("measure.html")
        try Self.measuringPage(pictures).write(to: page, atomically: true, encoding: .utf8)
        let profile = dir.appendingPathComponent("profile-measure")
        let dump = try Chromium.run(["--dump-dom", page.absoluteString], profile: profile)
        try? FileManager.default.removeItem(at: profile)
        let json = try #require(Self.result(in: dump.stdout), "no result in the page:\n\(dump.stdout.prefix(2000))\n\(dump.stderr.suffix(2000))")
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        expectEqual(reports.count, pictures.count)
        for (picture, report) in zip(pictures, reports) {
            Self.check(report, picture)
        }
    }

    static func check(_ report: [String: Any], _ picture: Picture) {
        let name = "\(picture.name) (.build/diagram-screenshots/\(picture.name).svg)"
        if let error = report["error"] as? String { Issue.record("\(name): \(error)"); return }
        expectEqual(report["parseError"] as? Bool, false, "\(name): the browser found the SVG malformed")
        // Rendered as an image, and (for some) opened as a document and screenshotted.
        let renderings = [("rendered", report["rendered"])] + (picture.screenshot == nil ? [] : [("screenshot", report["screenshot"])])
        for (kind, value) in renderings {
            guard let pixels = value as? [String: Any] else { Issue.record("\(name): no \(kind)"); continue }
            let size = pixels["size"] as? [Int] ?? []
            expectEqual(size, [picture.width, picture.height], "\(name): the \(kind) is \(size), the picture \(picture.width)x\(picture.height)")
            // Not blank: text, lines and boxes cover a fair share of it.
            let ink = pixels["ink"] as? Double ?? 0
            #expect(ink > 0.02, "\(name): only \(ink) of the \(kind) is not white")
            // The size follows the content: the ink comes within a margin of every edge, and no edge cuts it.
            let box = pixels["box"] as? [Int] ?? []
            guard box.count == 4 else { Issue.record("\(name): no ink in the \(kind)"); continue }
            #expect(box[0] >= 5 && box[0] <= 40 && box[1] >= 5 && box[1] <= 40, "\(name): the \(kind)'s content starts at \(box[0]),\(box[1])")
            #expect(box[2] >= picture.width - 40 && box[2] <= picture.width - 5, "\(name): the \(kind)'s content ends at x=\(box[2]) of \(picture.width)")
            #expect(box[3] >= picture.height - 40 && box[3] <= picture.height - 5, "\(name): the \(kind)'s content ends at y=\(box[3]) of \(picture.height)")
        }
        #expect(report["texts"] as? Int ?? 0 > 10)
        expectEqual(report["overlaps"] as? [[String]], [], "\(name): overlapping texts \(report["overlaps"] ?? "")")
        expectEqual(report["outside"] as? [String], [], "\(name): texts outside the picture \(report["outside"] ?? "")")
        expectEqual(report["escaping"] as? [String], [], "\(name): texts outside their box \(report["escaping"] ?? "")")
        // The monospace estimate holds in the browser's font: no text wider than planned.
        let excess = report["widthExcess"] as? Double ?? 99
        #expect(excess <= 0.5, "\(name): a text is \(excess) px wider than the layout planned")
    }

    static func size(of svg: String) -> (Int, Int)? {
        guard let tag = svg.range(of: "<svg ").map({ svg[$0.lowerBound...].prefix { $0 != ">" } }) else { return nil }
        func number(_ name: String) -> Int? {
            guard let start = tag.range(of: " \(name)=\"") else { return nil }
            return Int(tag[start.upperBound...].prefix { $0 != "\"" })
        }
        guard let w = number("width"), let h = number("height") else { return nil }
        return (w, h)
    }

    static func result(in dom: String) -> String? {
        guard let start = dom.range(of: "<pre id=\"result\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else { return nil }
        let text = String(dom[start.upperBound..<end.lowerBound])
        guard text.hasPrefix("[") else { return nil }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// A page that, once every image has loaded, reads the pixels of each picture as the
    /// browser renders it (and of each screenshot), lays each SVG out inline to measure
    /// its texts, and writes what it found as JSON.
    static func measuringPage(_ pictures: [Picture]) throws -> String {
        var images = ""
        var svgs: [String] = []
        for (index, picture) in pictures.enumerated() {
            let svg = try Data(contentsOf: picture.svg)
            images += "<img id=\"svg-\(index)\" src=\"data:image/svg+xml;base64,\(svg.base64EncodedString())\">\n"
            if let screenshot = picture.screenshot {
                images += "<img id=\"png-\(index)\" src=\"data:image/png;base64,\(try Data(contentsOf: screenshot).base64EncodedString())\">\n"
            }
            svgs.append(String(decoding: svg, as: UTF8.self))
        }
        let list = String(decoding: try JSONSerialization.data(withJSONObject: svgs), as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
        return """
            <!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
            <pre id="result">pending</pre>
            \(images)
            <div id="stage"></div>
            <script>
            const svgs = \(list);
            // Ink: the share of pixels that are not white (sampled on a 3-pixel grid), and the
            // exact box around them (found by scanning in from each edge).
            function pixels(img) {
              const width = img.naturalWidth, height = img.naturalHeight;
              const canvas = document.createElement('canvas');
              canvas.width = width; canvas.height = height;
              const context = canvas.getContext('2d');
              context.fillStyle = '#ffffff'; context.fillRect(0, 0, width, height);
              context.drawImage(img, 0, 0);
              const bytes = context.getImageData(0, 0, width, height).data;
              const words = new Uint32Array(bytes.buffer);
              const inked = i => words[i] !== 0xffffffff && (bytes[4 * i] < 240 || bytes[4 * i + 1] < 240 || bytes[4 * i + 2] < 240);
              let ink = 0, samples = 0;
              for (let y = 0; y < height; y += 3) for (let x = 0; x < width; x += 3) { samples++; if (inked(y * width + x)) ink++; }
              const row = y => { for (let x = 0; x < width; x++) if (inked(y * width + x)) return true; return false; };
              let top = 0; while (top < height && !row(top)) top++;
              if (top === height) return { size: [width, height], ink: 0, box: [] };
              let bottom = height - 1; while (!row(bottom)) bottom--;
              const column = x => { for (let y = top; y <= bottom; y++) if (inked(y * width + x)) return true; return false; };
              let left = 0; while (!column(left)) left++;
              let right = width - 1; while (!column(right)) right--;
              return { size: [width, height], ink: ink / samples, box: [left, top, right, bottom] };
            }
            function texts(index) {
              const parsed = new DOMParser().parseFromString(svgs[index], 'image/svg+xml');
              const parseError = parsed.getElementsByTagName('parsererror').length > 0;
              const svg = document.importNode(parsed.documentElement, true);
              document.getElementById('stage').appendChild(svg);
              const width = parseFloat(svg.getAttribute('width')), height = parseFloat(svg.getAttribute('height'));
              const all = Array.from(svg.querySelectorAll('text')).map(t => {
                const b = t.getBBox();
                const planned = [...t.textContent].length * 0.6025 * (t.classList.contains('title') ? 16 : 12);
                return { t, text: t.textContent, x: b.x, y: b.y, w: b.width, h: b.height, excess: t.getComputedTextLength() - planned };
              });
              const overlaps = [], outside = [], escaping = [];
              for (let a = 0; a < all.length; a++) {
                const p = all[a];
                if (p.x < 0 || p.y < 0 || p.x + p.w > width || p.y + p.h > height) outside.push(p.text);
                for (let b = a + 1; b < all.length; b++) {
                  const q = all[b];
                  if (p.x < q.x + q.w - 0.5 && q.x < p.x + p.w - 0.5 && p.y < q.y + q.h - 0.5 && q.y < p.y + p.h - 0.5) overlaps.push([p.text, q.text]);
                }
              }
              for (const group of svg.querySelectorAll('g.note, g.head, g.step')) {
                const rect = group.querySelector('rect');
                if (!rect) continue;
                const r = rect.getBBox();
                for (const t of all) {
                  if (group.contains(t.t) && (t.x < r.x || t.x + t.w > r.x + r.width || t.y < r.y || t.y + t.h > r.y + r.height)) escaping.push(t.text);
                }
              }
              svg.remove();
              return { parseError, texts: all.length, overlaps: overlaps.slice(0, 5), outside: outside.slice(0, 5),
                       escaping: escaping.slice(0, 5), widthExcess: Math.max(0, ...all.map(t => t.excess)) };
            }
            window.addEventListener('load', () => {
              const out = svgs.map((_, index) => {
                try {
                  const report = texts(index);
                  report.rendered = pixels(document.getElementById('svg-' + index));
                  const png = document.getElementById('png-' + index);
                  if (png) report.screenshot = pixels(png);
                  return report;
                } catch (e) { return { error: String(e) }; }
              });
              document.getElementById('result').textContent = JSON.stringify(out);
            });
            </script></body></html>
            """
    }
}

/// Failures collected from several threads.
final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
