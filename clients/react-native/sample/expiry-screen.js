'use strict';
// The password-expiry screens of the REL-ID codelab app as a command-line program
// (README.md, "The sample app"): the screen logic of its UpdateExpiryPassword screen (three
// fields, the checks in the codelab's order, the alerts) over the double instead of the
// SDK. The server comes the emulator way, from the environment (CREDSH_URL, CREDSH_TOKEN,
// CREDSH_DEVICE); what the user types comes from standard input, one field a line: the
// user name, the password, then current/new/confirm as often as the form comes back
// (`!close` taps its close button). It prints what the screens show, never a password,
// and exits 0 once the dashboard shows, 1 when the input ends before.
const readline = require('node:readline');
const { RdnaDouble, RDNAChallengeOpMode, configFrom } = require('..');

const show = (line) => process.stdout.write(line + '\n');

/** The screen logic, free of React: the state a component would render. */
class ExpiryApp {
  constructor(rdna) {
    this.rdna = rdna;
    this.screen = { name: 'CheckUser' };
    this.submitting = false;
    rdna.addListener('getUser', (e) => {
      this.screen = { name: 'CheckUser' };
      show('screen: CheckUser');
      if (e.statusCode && e.statusCode !== 100) show(`error banner: ${e.statusMessage}`);
    });
    rdna.addListener('getPassword', (e) => this.onGetPassword(e));
    rdna.addListener('onUserLoggedIn', (e) => {
      this.screen = { name: 'Dashboard', userID: e.userID };
      show(`screen: Dashboard (Welcome, ${e.userID})`);
      this.rdna.getAllChallenges(e.userID).catch((r) => show(`getAllChallenges failed: ${r.error.errorString}`));
    });
    rdna.addListener('onCredentialsAvailableForUpdate', (e) => {
      show('side menu: Dashboard, Get Notifications' + (e.options.includes('Password') ? ', Update Password' : ''));
    });
  }

  onGetPassword(e) {
    if (e.challengeMode === RDNAChallengeOpMode.RDNA_OP_UPDATE_ON_EXPIRY) {
      const again = this.screen.name === 'UpdateExpiryPassword';
      this.submitting = false;
      this.screen = { name: 'UpdateExpiryPassword', userID: e.userID, mode: e.challengeMode };
      if (!again) {
        show('screen: UpdateExpiryPassword');
        show('title: Update Expired Password');
        show(`Welcome, ${e.userID}`);
      }
      const policy = (e.challengeInfo || []).find((i) => i.key === 'RELID_PASSWORD_POLICY');
      if (policy) show(`policy: ${policy.value}`);
      // The codelab's check: any status but 100 (or 0) shows in the banner.
      if (e.statusCode !== 100 && e.statusCode !== 0) show(`error banner: ${e.statusMessage}`);
      return;
    }
    this.screen = { name: 'VerifyPassword', userID: e.userID };
    show(`screen: VerifyPassword (mode ${e.challengeMode}, attempts left ${e.attemptsLeft})`);
    if (e.statusCode !== 100 && e.statusCode !== 0) show(`error banner: ${e.statusMessage}`);
  }

  async submitUser(user) {
    const name = user.trim();
    if (!name) return show('error banner: Please enter a username');
    await this.rdna.setUser(name).catch((r) => show(`error banner: ${r.error.errorString}`));
  }

  async submitPassword(password) {
    const value = password.trim();
    if (!value) return show('error banner: Please enter a password');
    await this.rdna.setPassword(value, RDNAChallengeOpMode.RDNA_CHALLENGE_OP_VERIFY)
      .catch((r) => show(`error banner: ${r.error.errorString}`));
  }

  /** The Update button: the codelab's checks in its order, then updatePassword(current, new, 4). */
  async updatePassword(current, next, confirm) {
    if (this.submitting) return;
    [current, next, confirm] = [current.trim(), next.trim(), confirm.trim()];
    if (!current) return show('error banner: Please enter your current password');
    if (!next) return show('error banner: Please enter a new password');
    if (!confirm) return show('error banner: Please confirm your new password');
    if (next !== confirm) {
      show('error banner: New password and confirm password do not match');
      return show('alert "Password Mismatch": New password and confirm password do not match');
    }
    if (current === next) {
      show('error banner: New password must be different from current password');
      return show('alert "Invalid New Password": Your new password must be different from your current password');
    }
    this.submitting = true;
    await this.rdna.updatePassword(current, next, this.screen.mode).catch((r) => {
      this.submitting = false;
      show(`error banner: ${r.error.errorString}`);
    });
  }

  async close() {
    await this.rdna.resetAuthState().catch((r) => show(`ResetAuthState error: ${r.error.errorString}`));
  }
}

async function main() {
  const config = configFrom(process.env);
  if (!config) {
    process.stderr.write('expiry-screen: set CREDSH_URL and CREDSH_TOKEN (and CREDSH_DEVICE)\n');
    return 2;
  }
  const rdna = new RdnaDouble(config);
  const app = new ExpiryApp(rdna);
  const lines = readline.createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]();
  const typed = async () => { const next = await lines.next(); return next.done ? null : next.value; };
  // One screen a turn, at most 200 turns (every loop over input is bounded).
  for (let turn = 0; turn < 200 && app.screen.name !== 'Dashboard'; turn++) {
    if (app.screen.name === 'CheckUser') {
      const user = await typed();
      if (user === null) break;
      await app.submitUser(user);
    } else if (app.screen.name === 'VerifyPassword') {
      const password = await typed();
      if (password === null) break;
      await app.submitPassword(password);
    } else {
      const current = await typed();
      if (current === null) break;
      if (current === '!close') {
        await app.close();
      } else {
        const next = await typed();
        const confirm = await typed();
        if (next === null || confirm === null) break;
        await app.updatePassword(current, next, confirm);
      }
    }
    await rdna.whenIdle();
  }
  await rdna.whenIdle();
  if (app.screen.name === 'Dashboard') return 0;
  show('input ended before the dashboard');
  return 1;
}

if (require.main === module) main().then((code) => { process.exitCode = code; });

module.exports = { ExpiryApp };
