'use strict';
// The codelab app's screens as state (our own code, no React): which screen shows, what
// it shows, and what the user does on it, wired to RdnaService and RdnaEventManager as
// the codelab wires them. `user` answers each screen: a password on the verify screen,
// current and new on the update screens; `updateFromMenu` asks the dashboard's menu to
// update the password once it is offered.
const RdnaService = require('./rdnaService.js');

class CodelabApp {
  constructor(user) {
    this.user = user;
    this.screens = [];
    this.service = RdnaService.getInstance();
    const events = this.service.getEventManager();
    const show = (screen) => this.screens.push(screen);
    events.setInitializedHandler((data) => show(`Initialized session=${data.session.sessionID}`));
    events.setGetUserHandler((data) => {
      const status = data.challengeResponse.status;
      show(`CheckUser ${status.statusCode}`);
      if (this.user.name && !this.loggedOff) this.service.setUser(this.user.name).catch((r) => show(`error ${r.error.errorString}`));
    });
    events.setGetPasswordHandler((data) => {
      const { statusCode } = data.challengeResponse.status;
      const policy = data.challengeResponse.challengeInfo.find((entry) => entry.key === 'RELID_PASSWORD_POLICY');
      switch (data.challengeMode) {
        case 0:
          show(`VerifyPassword ${data.userID} ${statusCode} attempts=${data.attemptsLeft}`);
          this.service.setPassword(this.user.password, data.challengeMode).catch((r) => show(`error ${r.error.errorString}`));
          break;
        case 2:
        case 4: {
          show(`${data.challengeMode === 4 ? 'UpdateExpiryPassword' : 'UpdatePassword'} ${statusCode}${policy ? ' policy' : ''}`);
          const [current, next] = this.user.updates.shift() || [];
          if (current) this.service.updatePassword(current, next, data.challengeMode).catch((r) => show(`error ${r.error.errorString}`));
          break;
        }
        default:
          show(`unhandled challengeMode ${data.challengeMode}`);
      }
    });
    events.setOnUserLoggedInHandler((data) => {
      show(`Dashboard ${data.userID} session=${data.challengeResponse.session.sessionID} type=${data.challengeResponse.session.sessionType}`);
      this.service.getAllChallenges(data.userID).catch(() => {});
    });
    events.setCredentialsAvailableForUpdateHandler((data) => {
      show(`Menu ${JSON.stringify(data.options)}`);
      if (this.user.updateFromMenu && data.options.includes('Password')) {
        this.user.updateFromMenu = false;
        this.service.initiateUpdateFlowForCredential('Password').catch(() => {});
      }
    });
    events.setUpdateCredentialResponseHandler((data) => show(`UpdateCredentialResponse ${data.credType} ${data.status.statusCode}`));
    events.setOnUserLoggedOffHandler((data) => {
      this.loggedOff = true;
      show(`LoggedOff ${data.userID}`);
    });
  }

  start() { return this.service.initialize({ agentInfo: 'credsh', host: 'unused', port: 443 }); }

  logOff(userID) { return this.service.logOff(userID); }
}

module.exports = CodelabApp;
