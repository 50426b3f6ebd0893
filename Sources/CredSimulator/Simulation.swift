/// The whole simulated world a script runs against: one virtual clock, one server,
/// and the app with its SDK on one simulated device. A value: create as many as you like.
public struct Simulation: Sendable {
    public var clock: VirtualClock
    public var server: IdentityServer
    public internal(set) var relid = RelIDSDK()

    public init(seed: UInt64 = 0, start: Int64 = VirtualClock.defaultStart) {
        clock = VirtualClock(start: start)
        server = IdentityServer(seed: seed)
    }

    public var now: Int64 { clock.now }

    /// The states `expect state USER STATE` can check. Several can hold at once
    /// (a logged-in user whose password has expired is both `logged-in` and `expired`).
    public enum UserState: String, CaseIterable, Sendable {
        case loggedIn = "logged-in"
        case loggedOut = "logged-out"
        case expired
        case blocked
        case notActivated = "not-activated"
    }

    public func holds(_ state: UserState, for userID: String) throws(SimulationError) -> Bool {
        guard let account = server.account(userID) else { throw SimulationError("no user '\(userID)'") }
        switch state {
        case .loggedIn: return relid.loggedInUser == userID
        case .loggedOut: return relid.loggedInUser != userID
        case .expired: return server.isExpired(userID, now: now)
        case .blocked: return account.blocked
        case .notActivated: return !account.isActivated
        }
    }

    /// Every state that holds for the user, in a fixed order.
    public func states(of userID: String) -> [UserState] {
        UserState.allCases.filter { (try? holds($0, for: userID)) == true }
    }
}
