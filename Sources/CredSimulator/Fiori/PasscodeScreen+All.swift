extension PasscodeScreen {
    /// Every screen the simulated app can show, as its number and title, in the order of
    /// the flows: the unlock screen, then the change controller's three.
    public static let numbersAndTitles: [(number: Int, title: String)] =
        [PasscodeScreen.unlock, .currentPasscode, .newPasscode, .confirmPasscode(StoredPassword(salt: [], key: [], rounds: 0))]
            .map { ($0.number, $0.title) }
}
