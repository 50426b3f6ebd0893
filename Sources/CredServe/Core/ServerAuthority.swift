/// Which `host[:port]` names this server: an IP literal or `localhost`, with the port
/// bound (80 when none is given). A DNS name never does, since a web page can make its own
/// name resolve to 127.0.0.1 (DNS rebinding) but cannot make the browser send an IP address
/// as the Host of its page. Bound to one address, only that address and loopback are this
/// server's; bound to every address (`0.0.0.0`, `::`), every IP literal is.
///
/// The control API checks `Host` with it (ControlAccess), and the HTTP layer an
/// absolute-form request target's authority (RequestFraming): one rule for both.
struct ServerAuthority: Sendable {
    /// The address bound (`127.0.0.1`, `0.0.0.0`, `::1`) and its port.
    let boundHost: String
    let boundPort: Int
    /// `127.0.0.1:8080`, `[::1]:8080`: how a client of the printed URL writes Host.
    private let boundForm: String

    init(boundHost: String, boundPort: Int) {
        self.boundHost = boundHost
        self.boundPort = boundPort
        boundForm = boundHost.contains(":") ? "[\(boundHost)]:\(boundPort)" : "\(boundHost):\(boundPort)"
    }

    func names(_ value: String) -> Bool {
        // The Host of nearly every request, which the rules below accept for any bound
        // address, compared without the copies they make (a check on every call).
        if value == boundForm { return true }
        var name = Substring(value.lowercased())
        var port = 80
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()) else { return false }
                port = number
            }
            name = name[name.index(after: name.startIndex)..<close]
        } else if let colon = name.lastIndex(of: ":") {
            guard let number = Int(name[name.index(after: colon)...]) else { return false }
            port = number
            name = name[..<colon]
        }
        guard port == boundPort else { return false }
        let literal = String(name)
        let isIPv4 = Self.isIPv4(literal), isIPv6 = literal.contains(":") && literal.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        let loopback = literal == "localhost" || literal == "::1" || (isIPv4 && literal.hasPrefix("127."))
        let bound = boundHost.lowercased()
        if bound == "0.0.0.0" || bound == "::" { return isIPv4 || isIPv6 || loopback }
        return loopback || literal == bound
    }

    private static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && UInt8($0) != nil }
    }
}
