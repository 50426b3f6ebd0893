import CredLanguage
import CredSimulator

/// The commands for teaching with credsh: a picture of the session, output a class can
/// read at 80 columns, and the words a newcomer looks up.
enum TeachingCommands {
    static let group = "Teaching: pictures, pace and words"

    static let picture = Parameter("FILE", "a picture file: .svg, .mmd or .md for Mermaid, or .html for a page", .path, optional: true)
    static let onOff = Parameter("on|off", "on or off", .choice(["on", "off"]))
    static let term = Parameter("TERM", "a term", .text, optional: true, variadic: true)

    static let all: [Command] = [
        Command("diagram", [picture], group: group, role: .session,
                    summary: "At the prompt: draw the session so far as a sequence diagram (FILE.svg, Mermaid: FILE.mmd, FILE.md or the screen, or a page: FILE.html)",
                    example: "diagram session.svg") { c throws(CommandFailure) in
            guard let diagram = c.sessionDiagram(title: "credsh session") else {
                throw .cannotRun("diagram draws the session at the prompt; to draw a script, run: credsh diagram FILE.credscript -o flow.svg")
            }
            let counts = "\(diagram.steps.count) command\(diagram.steps.count == 1 ? "" : "s"), \(diagram.messages.count) arrow\(diagram.messages.count == 1 ? "" : "s")"
            guard let path = try c.optionalText(picture) else {
                // Longer than the screen: through $PAGER, as `help` is (TerminalHost).
                c.page(MermaidWriter().render(diagram).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
                return []
            }
            guard let format = DiagramFormat(path: path) else { throw .cannotRun(DiagramFormat.refusal(path)) }
            do throws(HostError) { try c.writePicture(path, text: format.render(diagram)) } catch {
                throw .cannotRun(error.message)
            }
            c.say("wrote \(path) (\(counts))")
            return []
        },
        Command("compact", [onOff], group: group, role: .session,
                    summary: "Shorter text output: each challenge's policy once per flow, and only the fields that changed",
                    example: "compact on") { c throws(CommandFailure) in
            let on = try c.text(onOff) == "on"
            // A display preference: where the output is not text for people, it changes nothing and fails nothing.
            guard c.setCompact(on) else {
                c.say("compact output does not apply here: JSON Lines carry every field")
                return []
            }
            c.say(on ? "compact output on: a callback shows only the fields that changed since the last one of its name in this flow"
                     : "compact output off: every callback in full")
            return []
        },
        Command("glossary", [term], group: group,
                    summary: "The terms credsh uses (challenge mode, sync error, callback, policy, …), in a sentence or two each",
                    example: "glossary challenge mode") { c throws(CommandFailure) in
            let words = try c.texts(term)
            c.say(try refusing { () throws(SimulationError) in try Glossary.render(words) })
            return []
        },
    ]
}
