// expiry-sample: the password-expiry screens of the REL-ID iOS codelab's app as a
// command-line program (clients/swift/README.md, "The sample app"), linked against the
// double instead of the vendor's SDK. It takes the server the emulator way:
//
//   expiry-sample -credshURL http://127.0.0.1:PORT -credshToken TOKEN [-credshDevice ID]
//
// (or CREDSH_URL, CREDSH_TOKEN, CREDSH_DEVICE), and reads what the user types from
// standard input, one field a line: the user name, the password, then the update form's
// three fields (current, new, confirm) as often as the screen comes back. A line
// `!close` taps the form's close button. It prints what the screens show, never a
// password, and exits 0 once the dashboard shows, 1 when the input ends before.
import CredshDouble
import ExpiryScreen
import Foundation
import RELID

setvbuf(stdout, nil, _IOLBF, 0)
func show(_ line: String) { print(line) }

guard let configuration = CredshConfiguration.fromProcess() else {
    FileHandle.standardError.write(Data("expiry-sample: give the server: -credshURL URL -credshToken TOKEN [-credshDevice ID] (or CREDSH_URL, CREDSH_TOKEN)\n".utf8))
    exit(2)
}
let rdna = RDNA.sharedInstance()
let app = ExpiryApp(rdna: rdna, display: show)
_ = rdna.initialize(callbacks: app, configuration: configuration)

/// The next line the user types; nil at the end of the input.
func typed() -> String? { readLine(strippingNewline: true) }

// One screen a turn; the loop is bounded (200 turns), as every loop over input is.
var turns = 0
loop: while turns < 200 {
    turns += 1
    switch app.screen {
    case .checkUser:
        guard let user = typed() else { break loop }
        app.submitUser(user)
    case .verifyPassword:
        guard let password = typed() else { break loop }
        app.submitPassword(password)
    case .updateExpiryPassword:
        guard let current = typed() else { break loop }
        if current == "!close" {
            app.expiryScreen.closeButtonTapped()
        } else {
            guard let new = typed(), let confirm = typed() else { break loop }
            app.expiryScreen.currentPassword = current
            app.expiryScreen.newPassword = new
            app.expiryScreen.confirmPassword = confirm
            app.expiryScreen.updatePasswordTapped()
        }
    case .dashboard:
        break loop
    }
    guard rdna.waitForCallbacks(seconds: 20) else {
        show("no callbacks within 20 s")
        exit(3)
    }
}
_ = rdna.waitForCallbacks(seconds: 20)
if case .dashboard = app.screen {
    exit(0)
}
show("input ended before the dashboard")
exit(1)
