'use strict';
// The codelab's RdnaEventManager, in its style (our own code): one NativeEventEmitter on
// NativeModules.RdnaClient, each event's `response` parsed as JSON and handed to the
// handler a screen set. It imports React Native and the vendor's package by their own
// names: a build alias (README.md) puts credsh's drop-in behind them.
const { NativeEventEmitter, NativeModules } = require('react-native');

class RdnaEventManager {
  static getInstance() {
    if (!RdnaEventManager.instance) RdnaEventManager.instance = new RdnaEventManager();
    return RdnaEventManager.instance;
  }

  constructor() {
    this.rdnaEmitter = new NativeEventEmitter(NativeModules.RdnaClient);
    this.handlers = {};
    this.listeners = [
      'onInitialized', 'getUser', 'getPassword', 'onUserLoggedIn', 'onUserLoggedOff',
      'onCredentialsAvailableForUpdate', 'onUpdateCredentialResponse',
    ].map((name) => this.rdnaEmitter.addListener(name, (event) => this.dispatch(name, event)));
  }

  dispatch(name, event) {
    let data;
    try {
      data = JSON.parse(event.response);
    } catch (error) {
      console.error(`RdnaEventManager - Failed to parse ${name}:`, error);
      return;
    }
    const handler = this.handlers[name];
    if (handler) handler(data);
  }

  setInitializedHandler(handler) { this.handlers.onInitialized = handler; }
  setGetUserHandler(handler) { this.handlers.getUser = handler; }
  setGetPasswordHandler(handler) { this.handlers.getPassword = handler; }
  setOnUserLoggedInHandler(handler) { this.handlers.onUserLoggedIn = handler; }
  setOnUserLoggedOffHandler(handler) { this.handlers.onUserLoggedOff = handler; }
  setCredentialsAvailableForUpdateHandler(handler) { this.handlers.onCredentialsAvailableForUpdate = handler; }
  setUpdateCredentialResponseHandler(handler) { this.handlers.onUpdateCredentialResponse = handler; }

  cleanup() {
    for (const listener of this.listeners) listener.remove();
    this.listeners = [];
    RdnaEventManager.instance = null;
  }
}

module.exports = RdnaEventManager;
