import Foundation

/// The synchronous error every REL-ID API returns at once (docs/relid.md, "APIs and their
/// synchronous errors"): `longErrorCode` 0 means none. A failure of the double itself
/// (no server, an answer it cannot read) carries a code below zero, which the simulated
/// SDK never uses, and says so in `errorString`.
public final class RDNAError: NSObject, @unchecked Sendable {
    public let longErrorCode: Int
    public let errorString: String

    public init(longErrorCode: Int, errorString: String) {
        self.longErrorCode = longErrorCode
        self.errorString = errorString
    }

    public static let none = RDNAError(longErrorCode: 0, errorString: "")
}

/// The challenge modes of `getPassword` (docs/relid.md, "Challenge modes").
public enum RDNAChallengeOpMode: Int, Sendable {
    case CHALLENGE_OP_VERIFY = 0
    case CHALLENGE_OP_SET = 1
    case OP_UPDATE_CREDENTIALS = 2
    case OP_AUTHORIZE_NOTIFICATION = 3
    case OP_UPDATE_ON_EXPIRY = 4
}

/// The status inside a challenge response or an update's answer.
public final class RDNARequestStatus: NSObject, @unchecked Sendable {
    public let statusCode: Int
    public let statusMessage: String

    public init(statusCode: Int, statusMessage: String) {
        self.statusCode = statusCode
        self.statusMessage = statusMessage
    }
}

/// One entry of a challenge's information: the password policy comes as
/// `RELID_PASSWORD_POLICY` with its JSON text.
public final class RDNAChallengeInfo: NSObject, @unchecked Sendable {
    public let infoKey: String
    public let infoMessage: String

    public init(infoKey: String, infoMessage: String) {
        self.infoKey = infoKey
        self.infoMessage = infoMessage
    }
}

/// What a callback carries besides its own arguments: the status and the challenge's
/// information. credsh's wire sends the status flat (`statusCode`, `statusMessage`) and
/// the information as `challengeInfo` `[{key, value}]` (docs/relid.md, "Callbacks"); the
/// double puts them back where the SDK's types have them.
public final class RDNAChallengeResponse: NSObject, @unchecked Sendable {
    public let status: RDNARequestStatus
    public let info: [RDNAChallengeInfo]
    /// The session the callback belongs to, which the codelabs log (`response.session.sessionID`).
    public let session: RDNASession

    public init(status: RDNARequestStatus, info: [RDNAChallengeInfo] = [], session: RDNASession = .app) {
        self.status = status
        self.info = info
        self.session = session
    }
}

/// The kind of a session: the app's, before a user logs in, or a user's.
public enum RDNASessionType: Int, Sendable {
    case APP_SESSION = 0
    case USER_SESSION = 1
}

/// A callback's session. credsh simulates no session keys, so the ID is the double's own
/// stable text: `credsh-app` for the app's session, `credsh-user-ID` for a user's (the
/// app logs it, never parses it; docs/double.md).
public final class RDNASession: NSObject, @unchecked Sendable {
    public let sessionType: RDNASessionType
    public let sessionID: String

    public init(sessionType: RDNASessionType, sessionID: String) {
        self.sessionType = sessionType
        self.sessionID = sessionID
    }

    public static let app = RDNASession(sessionType: .APP_SESSION, sessionID: "credsh-app")
    public static func user(_ userID: String) -> RDNASession { RDNASession(sessionType: .USER_SESSION, sessionID: "credsh-user-" + userID) }
}

/// The SDK's logging levels: `initialize` takes one; the double logs nothing.
public enum RDNALoggingLevel: Int, Sendable {
    case RDNA_NO_LOGS = 0, RDNA_LOG_ERROR, RDNA_LOG_WARN, RDNA_LOG_NOTICE, RDNA_LOG_INFO, RDNA_LOG_DEBUG, RDNA_LOG_VERBOSE
}
