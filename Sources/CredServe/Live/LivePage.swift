import CredLanguage
import CredScript
import CredSimulator

/// The live page itself: one HTML document with its style and script inline (nothing is
/// fetched from anywhere, fonts included: the page works on a classroom network without the
/// internet, and its Content-Security-Policy forbids anything else). With JavaScript it
/// follows `/events` (Server-Sent Events, no polling); without, it is the picture at the
/// moment it was loaded, and reloading shows the latest.
enum LivePage {
    /// The page with `snapshot` drawn in: every text from the session is escaped here or
    /// was escaped by SVGWriter; `token` goes into the page's links and its event stream.
    static func html(_ snapshot: LiveSnapshot, token: String) -> String {
        let told = narration(snapshot)
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>credsh live</title>
        <style>\(style)</style>
        </head>
        <body data-token="\(escape(token))" data-sequence="\(snapshot.sequence)" data-readable="\(readableZoom)">
        <header><h1>credsh live</h1><span id="progress">\(escape(snapshot.progress ?? ""))</span>
        <span id="state">static picture: reload for the latest</span></header>
        <div id="banner"\(snapshot.banner == nil ? " hidden" : "")>\(escape(snapshot.banner ?? ""))</div>
        <p id="narration"\(told == nil ? " hidden" : "")>\(escape(told.map { "# " + $0 } ?? ""))</p>
        <main>
        <div id="view">
        <div id="zoom" hidden><button type="button" data-zoom="fit">Fit</button><button type="button" data-zoom="out" title="smaller">−</button><span id="zoomLevel"></span><button type="button" data-zoom="in" title="larger">+</button><button type="button" data-zoom="1">100%</button></div>
        <section id="diagram">\(inlineSVG(snapshot.svg))</section>
        </div>
        <aside>
        <div id="nextBox"\(snapshot.next == nil ? " hidden" : "")><h2>Next: Enter runs it</h2>
        <pre id="next">\(escape(snapshot.next.map { "> " + $0 } ?? ""))</pre></div>
        <h2>Last command</h2>
        <pre id="command">\(escape(snapshot.command.map { "> " + $0 } ?? "(none yet)"))</pre>
        <h2>Output</h2>
        <pre id="output">\(escape(snapshot.output.joined(separator: "\n")))</pre>
        <h2>Explain</h2>
        <pre id="explain">Click an arrow, a code or a line of output to see what it means.</pre>
        </aside>
        </main>
        <script type="application/json" id="explanations">\(jsonInScript(snapshot))</script>
        <script>\(script)</script>
        </body></html>

        """
    }

    /// Labels at least this large on the screen: read from the back of a classroom.
    static let projectorLabelPixels = 12.0
    /// The zoom the page opens at, unless the viewer chose one: never smaller than draws the
    /// labels at `projectorLabelPixels` (a wide picture then scrolls sideways), never larger
    /// than drawn when it fits (docs/teaching.md).
    static var readableZoom: Double { projectorLabelPixels / SVGWriter.labelPixels }

    /// The narration over the page: the waiting command's under `--step` (what the teacher
    /// is about to run), else the last command's.
    static func narration(_ snapshot: LiveSnapshot) -> String? {
        snapshot.next != nil ? snapshot.nextNarration : snapshot.narration
    }

    /// The SVG without its XML declaration, to sit inside the HTML.
    static func inlineSVG(_ svg: String) -> String {
        guard svg.hasPrefix("<?xml"), let end = svg.firstRange(of: "?>") else { return svg }
        return String(svg[end.upperBound...])
    }

    /// The explanations as JSON inside a script element: `<` written `\u003c`, so no text
    /// from the session can close the element.
    static func jsonInScript(_ snapshot: LiveSnapshot) -> String {
        JSONValue.object(snapshot.explanations.map { ($0.0, .string($0.1)) }).serialized
            .replacing("<", with: "\\u003c")
    }

    /// Text for HTML: the one escaping of every page credsh writes (HTMLText).
    static func escape(_ text: String) -> String { HTMLText.escape(text) }

    /// Scripts and styles inline only; the stream and the picture from this server only.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static let style = """
    body { margin: 0; font: 16px/1.4 system-ui, sans-serif; color: #1b1f24; background: #fff; }
    header { display: flex; gap: 1em; align-items: baseline; padding: .4em 1em; background: #24292f; color: #fff; }
    header h1 { font-size: 1.1em; margin: 0; }
    #progress { font-weight: bold; }
    #state { margin-left: auto; font-size: .85em; opacity: .8; }
    #banner { background: #ffebe9; color: #a40e26; font-weight: bold; padding: .4em 1em; border-bottom: 2px solid #cf222e; }
    #narration { margin: 0; padding: .6em 1em; font-size: 1.35em; font-style: italic; background: #fff4e5; border-bottom: 1px solid #d4a72c; color: #6b4400; }
    main { display: flex; gap: 1em; padding: .5em 1em; align-items: flex-start; }
    #view { flex: 3 1 0; min-width: 0; }
    #zoom { display: flex; gap: .3em; align-items: center; margin-bottom: .3em; font-size: .9em; }
    #zoom[hidden] { display: none; }
    #zoom button { font: inherit; padding: .1em .6em; border: 1px solid #d0d7de; background: #f6f8fa; border-radius: 4px; cursor: pointer; }
    #zoomLevel { min-width: 5.5em; text-align: center; color: #57606a; }
    #diagram { overflow: auto; max-height: calc(100vh - 11em); border: 1px solid #d0d7de; }
    #diagram svg { display: block; max-width: 100%; height: auto; }
    aside { flex: 1 1 0; min-width: 20em; max-width: 34em; }
    #next { background: #ddf4ff; border-color: #54aeff; }
    aside h2 { font-size: .9em; margin: .6em 0 .2em; color: #57606a; text-transform: uppercase; }
    pre { margin: 0; padding: .4em; background: #f6f8fa; border: 1px solid #d0d7de; white-space: pre-wrap; word-break: break-word; font: 14px/1.35 ui-monospace, monospace; }
    #output { max-height: 40vh; overflow: auto; }
    #output span.line { display: block; cursor: pointer; }
    #output span.line:hover, g.message:hover { opacity: .75; }
    g.message { cursor: pointer; }
    """

    /// Follows the stream; draws each snapshot; a click shows the `explain` text of what
    /// was clicked. Text from the session is set as text, never as markup; the SVG was
    /// escaped by the server that drew it.
    static let script = """
    (function () {
      "use strict";
      var body = document.body, token = body.dataset.token;
      var explanations = JSON.parse(document.getElementById("explanations").textContent || "{}");
      var state = document.getElementById("state");
      function show(id, text) {
        var element = document.getElementById(id);
        element.textContent = text || "";
        element.hidden = !text;
      }
      function lines(output) {
        var pre = document.getElementById("output");
        pre.textContent = "";
        output.forEach(function (line) {
          var span = document.createElement("span");
          span.className = "line";
          span.textContent = line;
          pre.appendChild(span);
        });
      }
      // The picture opens "readable": fitting the width of its box, but never so small that
      // a label is under 12 px on the screen (a wide one scrolls sideways); "fit" fits it
      // whatever its size, a number is a zoom the viewer chose. The choice is kept in the
      // browser (localStorage) for the next page. The box follows the newest step unless
      // the viewer scrolled up from the bottom, and follows again once back there.
      var diagram = document.getElementById("diagram"), zoomLevel = document.getElementById("zoomLevel");
      var readable = Number(body.dataset.readable) || 1, zoom = "readable", follow = true, kept = null;
      try { kept = window.localStorage.getItem("credsh.live.zoom"); } catch (error) { kept = null; }
      if (kept === "fit") { zoom = "fit"; } else if (Number(kept) >= 0.25 && Number(kept) <= 4) { zoom = Number(kept); }
      function remember() { try { window.localStorage.setItem("credsh.live.zoom", String(zoom)); } catch (error) { return; } }
      function natural(svg) { return Number(svg.getAttribute("width")) || svg.getBoundingClientRect().width || 1; }
      function scale(svg) {
        var fit = Math.min(1, diagram.clientWidth / natural(svg));
        return zoom === "fit" ? fit : zoom === "readable" ? Math.max(fit, readable) : zoom;
      }
      function layout() {
        var svg = diagram.querySelector("svg");
        if (!svg) { return; }
        if (zoom === "fit") {
          svg.style.width = ""; svg.style.maxWidth = "";
        } else {
          svg.style.width = Math.round(natural(svg) * scale(svg)) + "px"; svg.style.maxWidth = "none";
        }
        zoomLevel.textContent = (zoom === "fit" ? "fit " : "") + Math.round(scale(svg) * 100) + "%";
        if (follow) { diagram.scrollTop = diagram.scrollHeight; }
      }
      diagram.addEventListener("scroll", function () {
        follow = diagram.scrollTop + diagram.clientHeight >= diagram.scrollHeight - 40;
      });
      window.addEventListener("resize", layout);
      document.getElementById("zoom").addEventListener("click", function (event) {
        var asked = event.target.dataset ? event.target.dataset.zoom : null, svg = diagram.querySelector("svg");
        if (!asked || !svg) { return; }
        var now = scale(svg);
        if (asked === "fit") { zoom = "fit"; }
        else if (asked === "in") { zoom = Math.min(4, now * 1.25); }
        else if (asked === "out") { zoom = Math.max(0.25, now / 1.25); }
        else { zoom = 1; }
        remember();
        layout();
      });
      document.getElementById("zoom").hidden = false;
      function apply(snapshot) {
        body.dataset.sequence = snapshot.sequence;
        diagram.innerHTML = snapshot.svg.replace(/^<\\?xml[^>]*>/, "");
        layout();
        show("banner", snapshot.banner);
        var told = snapshot.next ? snapshot.nextNarration : snapshot.narration;
        show("narration", told ? "# " + told : "");
        document.getElementById("nextBox").hidden = !snapshot.next;
        document.getElementById("next").textContent = snapshot.next ? "> " + snapshot.next : "";
        document.getElementById("progress").textContent = snapshot.progress || "";
        document.getElementById("command").textContent = snapshot.command ? "> " + snapshot.command : "(none yet)";
        lines(snapshot.output || []);
        explanations = snapshot.explanations || {};
      }
      function explain(text) {
        var found = [], seen = {};
        var words = text.match(/[A-Za-z_][A-Za-z0-9_]*|[0-9]+/g) || [];
        words.forEach(function (word) {
          if (Object.prototype.hasOwnProperty.call(explanations, word) && !seen[word]) {
            seen[word] = true;
            found.push(explanations[word]);
          }
        });
        document.getElementById("explain").textContent = found.length ? found.join("\\n\\n") : "Nothing to explain in: " + text;
      }
      document.getElementById("diagram").addEventListener("click", function (event) {
        var group = event.target.closest ? event.target.closest("g.message, g.note, g.step") : null;
        if (group) { explain(group.textContent.replace(/^\\s*\\d+\\s+/, "")); }
      });
      document.getElementById("output").addEventListener("click", function (event) {
        if (event.target.classList.contains("line")) { explain(event.target.textContent); }
      });
      lines(document.getElementById("output").textContent.split("\\n").filter(function (l) { return l.length; }));
      layout();
      if (!window.EventSource) { return; }
      var source = new EventSource("/events?token=" + encodeURIComponent(token));
      source.addEventListener("update", function (event) {
        state.textContent = "live";
        apply(JSON.parse(event.data));
      });
      source.onopen = function () { state.textContent = "live"; };
      source.onerror = function () { state.textContent = "reconnecting… (the session may have ended)"; };
    })();
    """
}
