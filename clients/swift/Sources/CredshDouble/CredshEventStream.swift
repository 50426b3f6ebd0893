import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The device's stream of callbacks that arrive without a call of its own (a steering line
/// run for the device by the control API or the scenario): `GET /sdk/NAME/events`,
/// server-sent events, each `event: callback` with the record as its `data`
/// (docs/double.md). Each record reaches `onEvent` as a `WireEvent`, on the URLSession's
/// queue; the modules hand it on to the app's delegates on their callback queue.
public final class CredshEventStream: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    public let configuration: CredshConfiguration
    public let sdk: String
    private let onEvent: (WireEvent) -> Void
    private var session: URLSession?
    private var buffer = Data()
    private let lock = NSLock()
    private let opened = DispatchSemaphore(value: 0)
    private var status: Int?
    /// The most bytes one event may take; a longer one ends the stream.
    public static let eventLimit = 1 << 20

    public init(configuration: CredshConfiguration, sdk: String, onEvent: @escaping (WireEvent) -> Void) {
        self.configuration = configuration
        self.sdk = sdk
        self.onEvent = onEvent
    }

    /// Opens the stream and waits (bounded by the configuration's timeout) for its answer;
    /// the HTTP status it got (200 when open), or nil when nothing answered.
    @discardableResult
    public func start() -> Int? {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = 24 * 3600
        sessionConfiguration.timeoutIntervalForResource = 24 * 3600
        let session = URLSession(configuration: sessionConfiguration, delegate: self, delegateQueue: queue)
        self.session = session
        let url = configuration.baseURL.appendingPathComponent("sdk").appendingPathComponent(sdk).appendingPathComponent("events")
        var request = URLRequest(url: url)
        request.setValue("Bearer \(configuration.token)", forHTTPHeaderField: "Authorization")
        request.setValue(configuration.device, forHTTPHeaderField: "Credsh-Device")
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        session.dataTask(with: request).resume()
        _ = opened.wait(timeout: .now() + configuration.timeout)
        lock.lock(); defer { lock.unlock() }
        return status
    }

    public func stop() {
        session?.invalidateAndCancel()
        session = nil
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                           completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        lock.lock()
        status = (response as? HTTPURLResponse)?.statusCode
        lock.unlock()
        opened.signal()
        completionHandler(status == 200 ? .allow : .cancel)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        buffer.append(data)
        // An event ends at a blank line (RFC 8895's text/event-stream).
        while let end = buffer.range(of: Data("\n\n".utf8)) {
            let block = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
            buffer.removeSubrange(buffer.startIndex..<end.upperBound)
            let data = block.split(separator: "\n").filter { $0.hasPrefix("data:") }
                .map { $0.dropFirst(5).drop { $0 == " " } }.joined(separator: "\n")
            guard !data.isEmpty, let record = (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any],
                  let name = record["event"] as? String else { continue }
            var fields = record
            fields["event"] = nil
            onEvent(WireEvent(name: name, fields: fields))
        }
        if buffer.count > Self.eventLimit { stop() }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        opened.signal()
    }
}
