import Foundation
import Testing
import Expectations

/// Issue 34, item 4: a handout of a lesson with practice secrets. `credsh diagram
/// --show-secrets` and a script's own `secrets shown` draw the secrets as typed, with the
/// banner in the picture; `--live` runs take `secrets shown` too. JSON, `credsh test`'s
/// reports and plain runs still refuse it (docs/teaching.md).
@Suite struct HandoutSecretsTests {
    static let lesson = "examples/lessons/1-relid-password-expiry.credscript"

    @Test func diagramShowSecretsDrawsTheTypedSecretsAndTheBanner() throws {
        let folder = try Credsh.temporaryDirectory()
        let shown = folder.appendingPathComponent("shown.svg").path
        let run = try Credsh.run(["diagram", "--show-secrets", Self.lesson, "-o", shown])
        expectEqual(run.status, 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: shown, encoding: .utf8)
        #expect(svg.contains("update &quot;Passw0rd!&quot; &quot;N3w-Passw0rd&quot; &quot;N3w-Passw0rd?&quot;")
                || svg.contains(#"update "Passw0rd!" "N3w-Passw0rd" "N3w-Passw0rd?""#), "the third word, under the narration that points at it")
        #expect(svg.contains("⚠ secrets shown"), "the banner in the picture")
        // Without the option: masked, and the picture says so.
        let masked = folder.appendingPathComponent("masked.svg").path
        try expectEqual(Credsh.run(["diagram", Self.lesson, "-o", masked]).status, 0)
        let plain = try String(contentsOfFile: masked, encoding: .utf8)
        #expect(plain.contains("update *** *** ***") && !plain.contains("Passw0rd!") && !plain.contains("⚠ secrets shown"))
        // Mermaid, for a Markdown handout: the same, the banner in the title.
        let mermaid = try Credsh.run(["diagram", "--show-secrets", "--format", "mermaid", Self.lesson])
        #expect(mermaid.status == 0 && mermaid.stdout.contains("N3w-Passw0rd?") && mermaid.stdout.contains("⚠ secrets shown"))
    }

    @Test func aScriptsOwnSecretsShownWorksInADiagram() throws {
        let folder = try Credsh.temporaryDirectory()
        let script = try Credsh.write("""
            user add alice password "Passw0rd!"
            secrets shown
            login alice "Passw0rd!"
            secrets masked
            logout
            login alice "Passw0rd!"
            """ + "\n", "lesson.credscript", in: folder)
        let run = try Credsh.run(["diagram", "--format", "svg", script.path])
        expectEqual(run.status, 0, "\(run.stderr)")
        #expect(run.stdout.contains("user add alice password ***"), "drawn before the switch: masked")
        #expect(run.stdout.contains("login alice Passw0rd!") || run.stdout.contains("login alice &quot;Passw0rd!&quot;"), "\(run.stdout.suffix(3000))")
        #expect(run.stdout.contains("login alice ***"), "masked again after `secrets masked`")
        #expect(run.stdout.contains("⚠ secrets shown"), "once shown, the picture says so")
        // `live start` is no drawing's: refused with where to go.
        try Credsh.write("live start 0\n", "live.credscript", in: folder)
        let live = try Credsh.run(["diagram", "--format", "svg", folder.appendingPathComponent("live.credscript").path])
        #expect(live.status == 3 && live.stderr.contains("credsh diagram draws a picture and serves no live page"), "\(live.stderr)")
    }

    @Test func jsonReportsAndPlainRunsStillRefuse() throws {
        let json = try Credsh.run(["diagram", "--show-secrets", "--format", "json", Self.lesson])
        expectEqual(json.status, 2, "diagram has no JSON; \(json.stderr)")
        let lines = try Credsh.run(["--show-secrets", "--format", "json", Self.lesson])
        #expect(lines.status == 2 && lines.stderr.contains("JSON Lines never hold a secret"))
        let inJSON = try Credsh.run(["--format", "json", "-"], script: "secrets shown\n")
        #expect(inJSON.status == 3 && !inJSON.stdout.contains("⚠ secrets shown"))
        let plain = try Credsh.run(["-"], script: "secrets shown\n")
        #expect(plain.status == 3 && plain.stderr.contains("live and secrets work at the credsh prompt"))
        // `credsh test`: its reports never show a secret; the script's `secrets shown` fails it.
        let folder = try Credsh.temporaryDirectory()
        try Credsh.write("user add alice password \"Zq9-Secret!\"\nsecrets shown\nlogin alice \"Zq9-Secret!\"\n", "t.credscript", in: folder)
        let junit = folder.appendingPathComponent("junit.xml").path
        let test = try Credsh.run(["test", "--junit", junit, folder.appendingPathComponent("t.credscript").path])
        #expect(test.status != 0)
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.contains("live and secrets work at the credsh prompt") && !report.contains("Zq9-Secret!"), "\(report)")
        #expect(!test.stdout.contains("Zq9-Secret!"))
    }

    /// A `--live` run: the script's `secrets shown` shows them on the terminal's echo and
    /// on the page (its SVG), with the banner; `live stop` in it is refused.
    @Test func aLiveRunTakesTheScriptsSecretsShown() throws {
        let folder = try Credsh.temporaryDirectory()
        try Credsh.write("user add alice password \"Zq9-Secret!\"\nsecrets shown\nlogin alice \"Zq9-Secret!\"\n", "s.credscript", in: folder)
        let run = try Credsh.shell("""
            mkfifo enter
            "$CREDSH" --live --port 0 --echo s.credscript < enter > out 2>&1 &
            pid=$!
            exec 3> enter
            for i in $(seq 100); do grep -q 'stays at' out && break; sleep 0.1; done
            live=$(sed -n 's/^live page at \\(http:[^ ]*\\).*/\\1/p' out)
            curl -s --max-time 5 "$(echo "$live" | sed 's,/?,/diagram.svg?,')"
            echo >&3
            wait $pid
            echo "--- status $?"; cat out
            """, directory: folder)
        let parts = run.stdout.components(separatedBy: "--- status ")
        let (svg, rest) = (parts.first ?? "", parts.last ?? "")
        #expect(rest.hasPrefix("0"), "\(run.stdout)\n\(run.stderr)")
        #expect(svg.contains("login alice Zq9-Secret!") || svg.contains("login alice &quot;Zq9-Secret!&quot;"), "\(svg.suffix(2000))")
        #expect(svg.contains("user add alice password ***") && svg.contains("⚠ secrets shown"))
        #expect(rest.contains(#"> login alice "Zq9-Secret!""#) && rest.contains("⚠ secrets shown"), "\(rest)")
        try Credsh.write("live stop\n", "stop.credscript", in: folder)
        let stop = try Credsh.shell("""
            "$CREDSH" --live --port 0 stop.credscript < /dev/null > out 2>&1; echo "status $?"; cat out
            """, directory: folder)
        #expect(stop.stdout.contains("status 3") && stop.stdout.contains("this run's page is served by --live until the run ends"), "\(stop.stdout)")
    }
}
