'use strict';
// The codelab's RdnaService, in its style (our own code): a singleton wrapping each
// RdnaClient API in a promise that resolves on a sync answer with longErrorCode 0 and
// rejects otherwise; the callbacks come through RdnaEventManager.
const RdnaClient = require('react-native-rdna-client');
const { RDNALoggingLevel } = require('react-native-rdna-client');
const RdnaEventManager = require('./rdnaEventManager.js');

function sync(resolve, reject) {
  return (response) => {
    const result = response;
    if (result.error && result.error.longErrorCode === 0) resolve(result);
    else reject(result);
  };
}

class RdnaService {
  static getInstance() {
    if (!RdnaService.instance) RdnaService.instance = new RdnaService();
    return RdnaService.instance;
  }

  constructor() { this.eventManager = RdnaEventManager.getInstance(); }

  getEventManager() { return this.eventManager; }

  initialize(profile) {
    return new Promise((resolve, reject) => {
      RdnaClient.initialize(profile.agentInfo, profile.host, profile.port, '', '', undefined, undefined, undefined,
        RDNALoggingLevel.RDNA_NO_LOGS, sync(resolve, reject));
    });
  }

  setUser(username) { return new Promise((resolve, reject) => RdnaClient.setUser(username, sync(resolve, reject))); }
  setPassword(password, challengeMode) {
    return new Promise((resolve, reject) => RdnaClient.setPassword(password, challengeMode, sync(resolve, reject)));
  }
  updatePassword(currentPassword, newPassword, challengeMode) {
    return new Promise((resolve, reject) => RdnaClient.updatePassword(currentPassword, newPassword, challengeMode, sync(resolve, reject)));
  }
  getAllChallenges(username) { return new Promise((resolve, reject) => RdnaClient.getAllChallenges(username, sync(resolve, reject))); }
  initiateUpdateFlowForCredential(credentialType) {
    return new Promise((resolve, reject) => RdnaClient.initiateUpdateFlowForCredential(credentialType, sync(resolve, reject)));
  }
  resetAuthState() { return new Promise((resolve, reject) => RdnaClient.resetAuthState(sync(resolve, reject))); }
  logOff(userID) { return new Promise((resolve, reject) => RdnaClient.logOff(userID, sync(resolve, reject))); }
}

module.exports = RdnaService;
