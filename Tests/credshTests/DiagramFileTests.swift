import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Expectations

/// Diagram files say what they are: `-o` takes .svg, .mmd, .md or .html and nothing
/// else, `--format` may not contradict the name, a terminal gets Mermaid, and a page
/// (`.html`) holds the picture and the narration, escaped and masked, and renders in a
/// browser.
@Suite struct DiagramFileTests {
    static let narrated = """
        # Alice's password is expired: <b>watch</b> the challenge & mode 4.
        user add alice password "Passw0rd!"
        expire alice

        # She types Passw0rd! at the login screen.
        login alice "Passw0rd!"
        update "Passw0rd!" "N3w-Passw0rd"
        """

    @Test func aNameThatSaysNothingAPictureIsIsRefused() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(Self.narrated, "lesson.credscript", in: dir)
        for name in ["lesson.png", "lesson.txt", "lesson", "lesson.mermaid"] {
            let run = try Credsh.run(["diagram", "lesson.credscript", "-o", name], directory: dir)
            expectEqual(run.status, 2, "\(name)")
            #expect(run.stderr.contains("a diagram file ends in .svg (a picture), .mmd or .md (Mermaid) or .html (a page), not '\(name)'"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path), "\(name) is not written")
        }
        let contradiction = try Credsh.run(["diagram", "lesson.credscript", "--format", "mermaid", "-o", "x.svg"], directory: dir)
        #expect(contradiction.status == 2 && contradiction.stderr.contains("--format mermaid writes a .mmd or .md file, not 'x.svg'"))
        let other = try Credsh.run(["diagram", "lesson.credscript", "--format", "svg", "-o", "x.mmd"], directory: dir)
        #expect(other.status == 2 && other.stderr.contains("--format svg writes a .svg or .html file, not 'x.mmd'"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.svg").path))
        // What agrees is written; the name decides with no --format.
        let upper = try Credsh.run(["diagram", "lesson.credscript", "-o", "LESSON.SVG"], directory: dir)
        expectEqual(upper.status, 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("LESSON.SVG"), encoding: .utf8).hasPrefix("<?xml"))
    }

    @Test func aPageHoldsThePictureAndTheNarrationEscapedAndMasked() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(Self.narrated, "lesson.credscript", in: dir)
        let run = try Credsh.run(["diagram", "lesson.credscript", "-o", "lesson.html"], directory: dir)
        expectEqual(run.status, 0, "\(run.stderr)")
        let page = try String(contentsOf: dir.appendingPathComponent("lesson.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.components(separatedBy: "<svg ").count - 1 == 1 && !page.contains("<?xml"))
        // Nothing to fetch, nothing to run: the policy forbids it too.
        #expect(!page.contains("<script") && !page.contains("src=") && !page.contains("href=") && !page.contains("@import"))
        #expect(page.contains("content=\"default-src 'none'; style-src 'unsafe-inline'\""))
        // The narration, escaped, above the command it comes before; the secret it names masked.
        #expect(page.contains("<li><p class=\"dp-narration\">Alice&#39;s password is expired: &lt;b&gt;watch&lt;/b&gt; the challenge &amp; mode 4.</p><code class=\"dp-command\">user add alice password ***</code> <span class=\"dp-location\">lesson.credscript:2</span></li>"), "\(page)")
        #expect(page.contains("<li><p class=\"dp-narration\">She types *** at the login screen.</p><code class=\"dp-command\">login alice ***</code>"))
        #expect(page.contains("<li><code class=\"dp-command\">expire alice</code>"), "a command with no comment right before it has no narration")
        #expect(!page.contains("Passw0rd") && !page.contains("N3w-Passw0rd"))
        #expect(!page.contains("<b>"))
    }

    /// The page in a real browser: the DOM it builds holds the picture with every arrow
    /// and the narration as text, and the screenshot shows the picture's blue call arrows
    /// and green callback arrows (the page stays in .build/diagram-page/ to look at).
    @Test(.enabled(if: Chromium.binary != nil, Chromium.skipReason))
    func chromiumRendersThePage() throws {
        let out = Credsh.packageRoot.appendingPathComponent(".build/diagram-page")
        try? FileManager.default.removeItem(at: out)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let html = out.appendingPathComponent("expiry.html")
        let svg = out.appendingPathComponent("expiry.svg")
        try expectEqual(Credsh.run(["diagram", "examples/expiry.credscript", "-o", html.path]).status, 0)
        try expectEqual(Credsh.run(["diagram", "examples/expiry.credscript", "-o", svg.path]).status, 0)
        let arrows = try String(contentsOf: svg, encoding: .utf8).components(separatedBy: "<g class=\"message ").count - 1
        #expect(arrows > 10)

        let profile = out.appendingPathComponent("profile-dom")
        let dump = try Chromium.run(["--dump-dom", html.absoluteString], profile: profile)
        try? FileManager.default.removeItem(at: profile)
        try #require(dump.status == 0 && !dump.timedOut, "\(dump.stderr.suffix(1000))")
        let dom = dump.stdout
        #expect(dom.contains("<figure class=\"dp-picture\" id=\"picture\">"))
        expectEqual(dom.components(separatedBy: "<g class=\"message ").count - 1, arrows, "every arrow is in the page's DOM")
        #expect(dom.contains("The form is checked by the app first, in order, with no SDK call when a check fails."))
        #expect(!dom.contains("Passw0rd"))

        // [share of pixels not white, pixels of the call arrows' blue, of the callbacks' green]
        let numbers = try Self.screenshotColours(html, size: "1400,2400", in: out)
        #expect(numbers[0] > 0.02, "the screenshot is nearly blank: \(numbers)")
        #expect(numbers[1] > 200 && numbers[2] > 200, "the arrows are drawn: \(numbers)")
    }

    /// Screenshots `html` at `size` (`1280,800`) into `out`, as `NAME.png`, and counts its
    /// pixels (colourCountingPage).
    static func screenshotColours(_ html: URL, size: String, in out: URL) throws -> [Double] {
        let png = out.appendingPathComponent(html.deletingPathExtension().lastPathComponent + ".png")
        let shotProfile = out.appendingPathComponent("profile-shot")
        let shot = try Chromium.run(["--screenshot=\(png.path)", "--window-size=\(size)", html.absoluteString], profile: shotProfile)
        try? FileManager.default.removeItem(at: shotProfile)
        try #require(shot.status == 0, "\(shot.stderr.suffix(1000))")
        let measure = out.appendingPathComponent("measure.html")
        try colourCountingPage(png: try Data(contentsOf: png)).write(to: measure, atomically: true, encoding: .utf8)
        let measureProfile = out.appendingPathComponent("profile-measure")
        let counted = try Chromium.run(["--dump-dom", measure.absoluteString], profile: measureProfile)
        try? FileManager.default.removeItem(at: measureProfile)
        let json = try #require(BrowserTests.result(in: counted.stdout), "\(counted.stdout.prefix(1000))")
        let numbers = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Double])
        try #require(numbers.count == 3)
        return numbers
    }

    /// A page that reads a screenshot's pixels: the share that is not white, and how many
    /// are the calls' blue (#1f5fa8) and the callbacks' green (#2e7d32), give or take.
    static func colourCountingPage(png: Data) -> String {
        """
        <!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
        <pre id="result">pending</pre>
        <img id="shot" src="data:image/png;base64,\(png.base64EncodedString())">
        <script>
        window.addEventListener('load', () => {
          const img = document.getElementById('shot');
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
          const context = canvas.getContext('2d');
          context.drawImage(img, 0, 0);
          const bytes = context.getImageData(0, 0, canvas.width, canvas.height).data;
          const near = (i, r, g, b) => Math.abs(bytes[i] - r) < 40 && Math.abs(bytes[i + 1] - g) < 40 && Math.abs(bytes[i + 2] - b) < 40;
          let ink = 0, blue = 0, green = 0;
          for (let i = 0; i < bytes.length; i += 4) {
            if (bytes[i] < 240 || bytes[i + 1] < 240 || bytes[i + 2] < 240) ink++;
            if (near(i, 0x1f, 0x5f, 0xa8)) blue++;
            if (near(i, 0x2e, 0x7d, 0x32)) green++;
          }
          document.getElementById('result').textContent = JSON.stringify([ink / (bytes.length / 4), blue, green]);
        });
        </script></body></html>
        """
    }
}

/// On a terminal, `credsh diagram` with no `-o` prints Mermaid, as the prompt does, and
/// refuses to print raw SVG.
@Suite(.serialized) struct DiagramTerminalTests {
    typealias Terminal = PromptTests.Terminal

    @Test func aTerminalGetsMermaidNeverRawSVG() throws {
        let mermaid = try Terminal(arguments: ["diagram", "examples/expiry.credscript"], ready: "relid_sdk-->>relid_app: onCredentialsAvailableForUpdate")
        mermaid.waitForExit()
        expectEqual(mermaid.exitStatus, "0")
        #expect(mermaid.screen.contains("sequenceDiagram") && !mermaid.screen.contains("<svg"))

        let svg = try Terminal(arguments: ["diagram", "--format", "svg", "examples/expiry.credscript"], ready: "would print raw SVG on the terminal")
        svg.waitForExit()
        expectEqual(svg.exitStatus, "2")
        #expect(!svg.screen.contains("<svg"))
    }
}

/// `credsh diagram a b --side-by-side`: REL-ID's change password beside OneWelcome's
/// change PIN, each run alone, each under its own title with its own lifelines.
@Suite struct SideBySideTests {
    static let relid = "examples/user-initiated-update.credscript"
    static let onewelcome = "examples/onewelcome-change-pin.credscript"

    static func svgRoot(_ path: URL) throws -> XMLElement {
        let document = try XMLDocument(xmlString: try String(contentsOf: path, encoding: .utf8), options: [])
        return try #require(document.rootElement())
    }

    @Test func twoFlowsInOnePicture() throws {
        let dir = try Credsh.temporaryDirectory()
        let both = dir.appendingPathComponent("both.svg"), left = dir.appendingPathComponent("left.svg"), right = dir.appendingPathComponent("right.svg")
        let run = try Credsh.run(["diagram", Self.relid, Self.onewelcome, "--side-by-side", "--title", "Two vendors", "-o", both.path])
        expectEqual(run.status, 0, "\(run.stderr)")
        try expectEqual(Credsh.run(["diagram", Self.relid, "-o", left.path]).status, 0)
        try expectEqual(Credsh.run(["diagram", Self.onewelcome, "-o", right.path]).status, 0)
        let root = try Self.svgRoot(both)
        expectEqual(root.descendants.first { $0.name == "title" }?.stringValue, "Two vendors")
        let sides = root.descendants.filter { $0.name == "g" && $0.hasClass("side") }
        expectEqual(sides.compactMap { $0.value("data-title") }, [Self.relid, Self.onewelcome])
        try #require(sides.count == 2)
        // Each column is that script's picture alone: its title, its lifelines, all its arrows.
        for (side, alone) in zip(sides, [left, right]) {
            let single = try Self.svgRoot(alone)
            let arrows = { (e: XMLElement) in e.descendants.filter { $0.name == "g" && $0.hasClass("message") }.count }
            #expect(arrows(side) == arrows(single) && arrows(side) > 10)
            let names = { (e: XMLElement) in e.descendants.filter { $0.name == "line" && $0.hasClass("lifeline") }.compactMap { $0.value("data-name") } }
            expectEqual(names(side), names(single))
            expectEqual(side.descendants.first { $0.name == "text" && $0.hasClass("title") }?.stringValue, side.value("data-title"))
        }
        #expect(sides[0].descendants.contains { $0.value("data-name") == "identity server" })
        #expect(sides[1].descendants.contains { $0.value("data-name") == "token server" })
        // The second column starts where the first one's picture ends: nothing overlaps.
        let leftWidth = try #require(try Self.svgRoot(left).value("width"))
        expectEqual(sides[1].value("transform")?.hasPrefix("translate(\(leftWidth),"), true, "\(sides[1].value("transform") ?? "")")
        #expect(Double(root.value("width") ?? "") ?? 0 >= (Double(leftWidth) ?? 0) + (Double(try Self.svgRoot(right).value("width") ?? "") ?? 0))
        for secret in ["Passw0rd!", "N3w-Passw0rd!"] { #expect(!(root.stringValue ?? "").contains(secret)) }
    }

    @Test func mermaidGivesEachFlowABox() throws {
        let run = try Credsh.run(["diagram", Self.relid, Self.relid, "--side-by-side", "--format", "mermaid"])
        expectEqual(run.status, 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        expectEqual(lines.filter { $0.hasPrefix("    box transparent ") }, [
            "    box transparent \(Self.relid) · relid: REL-ID-style password lifecycle",
            "    box transparent \(Self.relid) · relid: REL-ID-style password lifecycle",
        ])
        // The same SDK twice: two sets of participants, apart.
        #expect(lines.contains("        participant s1_relid_app as user / app") && lines.contains("        participant s2_relid_app as user / app"))
        let single = try Credsh.run(["diagram", Self.relid, "--format", "mermaid"])
        let arrows = { (text: String) in text.split(separator: "\n").filter { $0.contains("->>") || $0.contains("-x") }.count }
        expectEqual(arrows(run.stdout), 2 * arrows(single.stdout))
        #expect(lines.filter { $0.contains("->>") }.allSatisfy { $0.hasPrefix("    s1_") || $0.hasPrefix("    s2_") })
    }

    /// docs/teaching.md's picture is what credsh draws today (regenerate with the command below).
    @Test func theCheckedInPictureIsCurrent() throws {
        let expected = try String(contentsOf: Credsh.packageRoot.appendingPathComponent("examples/diagrams/relid-beside-onewelcome.svg"), encoding: .utf8)
        let run = try Credsh.run(["diagram", Self.relid, Self.onewelcome, "--side-by-side", "--title", "REL-ID's password update beside OneWelcome's change PIN", "--format", "svg"])
        expectEqual(run.status, 0)
        expectEqual(run.stdout, expected, "regenerate with: credsh diagram \(Self.relid) \(Self.onewelcome) --side-by-side --title \"REL-ID's password update beside OneWelcome's change PIN\" -o examples/diagrams/relid-beside-onewelcome.svg")
    }

    @Test func sideBySideNeedsTwoToFourScripts() throws {
        let one = try Credsh.run(["diagram", Self.relid, "--side-by-side"])
        #expect(one.status == 2 && one.stderr.contains("--side-by-side draws 2 to 4 scripts, each in a column of its own; got 1"))
        let five = try Credsh.run(["diagram", "--side-by-side"] + Array(repeating: Self.relid, count: 5))
        #expect(five.status == 2 && five.stderr.contains("got 5"))
        // A script that fails is drawn up to where it stopped; the exit code is the most severe.
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("user add alice password \"Passw0rd!\"\nexpect state alice logged-in\n", "fails.credscript", in: dir)
        let failing = try Credsh.run(["diagram", Credsh.packageRoot.appendingPathComponent(Self.relid).path, "fails.credscript", "--side-by-side", "-o", "x.html"], directory: dir)
        expectEqual(failing.status, 1)
        let page = try String(contentsOf: dir.appendingPathComponent("x.html"), encoding: .utf8)
        expectEqual(page.components(separatedBy: "<g class=\"side\"").count - 1, 2)
    }
}
