/// The HTML page the SUSI.AI server's servlet container (Jetty 9.3, its default error
/// handler with the message in the title) writes for `sendError(status, message)`
/// (docs/susi.md, "Answers"). The Jetty release is a simulator decision: the server's
/// build asks for "9.3.+", and the page names the release it was built with.
enum JettyErrorPage {
    static let poweredBy = "<a href=\"http://eclipse.org/jetty\">Powered by Jetty:// 9.3.21.v20170918</a>"

    /// Jetty's standard message when the servlet gives none (`sendError(404)`).
    static func defaultMessage(_ status: Int) -> String {
        switch status {
        case 404: return SusiWords.notFound
        case 500: return SusiWords.serverError
        default: return SusiResponse.reasonPhrase(status)
        }
    }

    static func render(status: Int, message: String?, path: String) -> String {
        let reason = escape(message ?? defaultMessage(status))
        return "<html>\n<head>\n"
            + "<meta http-equiv=\"Content-Type\" content=\"text/html;charset=utf-8\"/>\n"
            + "<title>Error \(status) \(reason)</title>\n"
            + "</head>\n<body>"
            + "<h2>HTTP ERROR \(status)</h2>\n<p>Problem accessing \(escape(path)). Reason:\n<pre>    \(reason)</pre></p>"
            + "<hr>\(poweredBy)<hr/>\n"
            + "\n</body>\n</html>\n"
    }

    /// Jetty's XML sanitising: the five markup characters as entities, and a control
    /// character that is not white space (in Java's sense) as `?`.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "'": out += "&apos;"
            case "\"": out += "&quot;"
            default:
                let v = scalar.value
                let isControl = v < 0x20 || (0x7F...0x9F).contains(v)
                let isJavaWhitespace = (0x09...0x0D).contains(v) || (0x1C...0x1F).contains(v)
                if isControl && !isJavaWhitespace { out += "?" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
