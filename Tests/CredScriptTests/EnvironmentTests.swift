import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

/// The run's variables (Environment): each name has a place that never moves, and the
/// name last bound is found without hashing it, so every read and bind must still see the
/// value of the name it asks for, whichever name came last.
@Suite struct EnvironmentTests {
    @Test func eachNameReadsItsOwnValueWhicheverNameWasBoundLast() {
        var environment = Environment()
        environment.bind("x", to: .text("one"))
        environment.bind("y", to: .integer(2))
        expectEqual(environment["x"], .text("one"))
        expectEqual(environment["y"], .integer(2))
        environment.bind("x", to: .text("three"))
        expectEqual(environment["x"], .text("three"))
        expectEqual(environment["y"], .integer(2))
        environment.bind("y", to: .text("four"))
        environment.bind("y", to: .text("five"))
        expectEqual(environment["x"], .text("three"))
        expectEqual(environment["y"], .text("five"))
        #expect(environment["z"] == nil)
        expectEqual(environment.names, ["x", "y"])
        expectEqual(environment.values, ["x": .text("three"), "y": .text("five")])
    }

    @Test func aNameGivenBackUnboundIsGoneAndCanBeBoundAgain() {
        var environment = Environment()
        environment.bind("kept", to: .text("k"))
        let saved = environment.saving(["pw", "kept"])
        environment.bind("pw", to: .text("Zq9SecretA1!"), secret: true)
        environment.bind("kept", to: .text("changed"))
        environment.restore(saved)
        #expect(environment["pw"] == nil)
        #expect(!environment.holdsSecret("pw"))
        expectEqual(environment["kept"], .text("k"))
        expectEqual(environment.names, ["kept"])
        environment.bind("pw", to: .text("again"))
        expectEqual(environment["pw"], .text("again"))
    }

    @Test func restoredValuesReplaceEveryValue() {
        var environment = Environment()
        environment.bind("a", to: .text("1"))
        environment.bind("b", to: .text("2"))
        environment.restoreValues(["b": .text("3"), "c": .text("4")])
        #expect(environment["a"] == nil)
        expectEqual(environment["b"], .text("3"))
        expectEqual(environment["c"], .text("4"))
        expectEqual(environment.values, ["b": .text("3"), "c": .text("4")])
    }
}
