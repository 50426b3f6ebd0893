import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The control API of `credsh serve --control` (docs/double.md, "Steering and checking"),
/// for a test: run steering lines between the app's steps (`expire alice`,
/// `network down`), and end with one run of `device X` + `expect called …` lines whose
/// answer says whether the app did what the vendor requires.
public struct CredshControl: Sendable {
    public let configuration: CredshConfiguration

    public init(configuration: CredshConfiguration) { self.configuration = configuration }

    /// A run's answer: its exit code (0 when every line ran and every expectation held)
    /// and its JSON Lines records, failed expectations among them.
    public struct Run: @unchecked Sendable {
        public let exitCode: Int
        public let records: [[String: Any]]
        public let text: String

        public var passed: Bool { exitCode == 0 }
        /// The messages of the failed expectations and errors, for a test's failure message.
        public var failures: [String] {
            records.compactMap { record in
                if record["expectation"] as? String == "failed" { return record["message"] as? String }
                if let error = record["error"] as? [String: Any], record["failure"] != nil { return error["message"] as? String }
                return nil
            }
        }
    }

    /// `POST /__credsh/run` with `script`; lines after `device ID` act for that device.
    public func run(_ script: String) -> Result<Run, CredshWireError> {
        let url = configuration.baseURL.appendingPathComponent("__credsh").appendingPathComponent("run")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        switch CredshHTTP.post(session: session, url: url, configuration: configuration,
                               contentType: "text/plain", body: Data(script.utf8)) {
        case .failure(let error): return .failure(error)
        case .success(let (status, data)):
            let text = String(decoding: data, as: UTF8.self)
            guard [200, 400, 422].contains(status) else { return .failure(.http(status: status, body: text)) }
            let records = text.split(separator: "\n").prefix(100_000).compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }
            let exit = status == 200 ? 0 : status == 400 ? 2 : 1
            return .success(Run(exitCode: exit, records: records, text: text))
        }
    }

    /// `POST /__credsh/reset`: the world goes back to the scenario `credsh serve` started
    /// with (accounts, policy, clock, network, every device and journal). A UI test calls it
    /// in `setUp`, so each test starts from the scenario whatever the one before it did.
    public func reset() -> Result<Void, CredshWireError> {
        let url = configuration.baseURL.appendingPathComponent("__credsh").appendingPathComponent("reset")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        switch CredshHTTP.post(session: session, url: url, configuration: configuration, contentType: "text/plain", body: Data()) {
        case .failure(let error): return .failure(error)
        case .success(let (status, data)):
            return status == 200 ? .success(()) : .failure(.http(status: status, body: String(decoding: data, as: UTF8.self)))
        }
    }

    /// The device's journal as a .credscript (`GET /__credsh/journal?device=ID`).
    public func journal(device: String) -> Result<String, CredshWireError> {
        guard var components = URLComponents(url: configuration.baseURL.appendingPathComponent("__credsh").appendingPathComponent("journal"),
                                             resolvingAgainstBaseURL: false) else { return .failure(.badAnswer("bad address")) }
        components.queryItems = [URLQueryItem(name: "device", value: device)]
        guard let url = components.url else { return .failure(.badAnswer("bad address")) }
        var request = URLRequest(url: url, timeoutInterval: configuration.timeout)
        request.setValue("Bearer \(configuration.token)", forHTTPHeaderField: "Authorization")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let done = DispatchSemaphore(value: 0)
        let box = CredshHTTP.AnswerBox()
        session.dataTask(with: request) { data, response, error in
            if let error { box.result = .failure(.unreachable(error.localizedDescription)) }
            else { box.result = .success(((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())) }
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + configuration.timeout + 5) == .success, let result = box.result else {
            return .failure(.unreachable("no answer"))
        }
        switch result {
        case .failure(let error): return .failure(error)
        case .success(let (status, data)):
            let text = String(decoding: data, as: UTF8.self)
            return status == 200 ? .success(text) : .failure(.http(status: status, body: text))
        }
    }
}
