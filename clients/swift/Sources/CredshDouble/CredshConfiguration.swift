import Foundation

/// Where the double's calls go: the address of a running `credsh serve --control`, its
/// token (printed at start) and the device this app instance is (docs/double.md,
/// "Devices"). An app reads it the emulator way, from its launch arguments or its
/// environment, so a UI test can point the app at a server it started:
///
/// - launch arguments `-credshURL http://127.0.0.1:PORT -credshToken TOKEN -credshDevice ID`
///   (XCUITest: `app.launchArguments += [...]`; on Apple platforms they also reach
///   `UserDefaults`, as every `-key value` pair does);
/// - or the environment `CREDSH_URL`, `CREDSH_TOKEN`, `CREDSH_DEVICE`
///   (XCUITest: `app.launchEnvironment`).
///
/// The launch argument wins over the environment. The device defaults to `default`.
public struct CredshConfiguration: Sendable, Equatable {
    public var baseURL: URL
    public var token: String
    public var device: String
    /// Seconds one call may take, connection included; past it the call answers a
    /// transport error (`CredshWireError.unreachable`), never hangs.
    public var timeout: TimeInterval

    public init(baseURL: URL, token: String, device: String = "default", timeout: TimeInterval = 15) {
        self.baseURL = baseURL
        self.token = token
        self.device = device
        self.timeout = timeout
    }

    /// The device IDs the server accepts: 1 to 64 of `A-Z a-z 0-9 . _ -` (docs/double.md).
    public static func isValidDevice(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }

    /// The configuration the process was launched with, or nil when it names no server
    /// (the app then runs against the vendor's SDK, or refuses to start: its choice).
    public static func fromProcess(arguments: [String] = CommandLine.arguments,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> CredshConfiguration? {
        func argument(_ name: String) -> String? {
            // At most the first 256 arguments are looked at: a launch carries a handful.
            let scanned = arguments.prefix(256)
            guard let index = scanned.lastIndex(of: "-" + name), index + 1 < scanned.count else { return nil }
            return scanned[index + 1]
        }
        guard let address = argument("credshURL") ?? environment["CREDSH_URL"], let url = URL(string: address),
              let token = argument("credshToken") ?? environment["CREDSH_TOKEN"] else { return nil }
        let device = argument("credshDevice") ?? environment["CREDSH_DEVICE"] ?? "default"
        return CredshConfiguration(baseURL: url, token: token, device: device)
    }
}
