'use strict';
// A drop-in for the `react-native-rdna-client` package (README.md, "The vendor's package,
// dropped in"): its default export `RdnaClient` with the vendor's methods, each taking its
// synchronous callback last and answering `{error: {longErrorCode, shortErrorCode,
// errorString}}`; each callback of the SDK delivered to `new
// NativeEventEmitter(NativeModules.RdnaClient)` listeners as `{response: "<JSON text>"}`,
// nested as the vendor's JSON is (challengeResponse.status, challengeResponse.session,
// challengeResponse.challengeInfo [{key, value}]). The calls go to `credsh serve` over its
// wire (index.js's RdnaDouble); the server comes from CREDSH_URL, CREDSH_TOKEN and
// CREDSH_DEVICE, as the Swift module reads them. An app switches to it with a Metro or
// Babel alias in its debug and test builds; in Node, `react-native` is react-native-shim.js.

const { RdnaDouble, EVENTS, configFrom } = require('./index.js');

function reactNative() {
  try {
    return require('react-native');
  } catch (_) {
    return require('./react-native-shim.js');
  }
}

const { NativeModules, DeviceEventEmitter } = reactNative();

/** The vendor's logging levels: initialize takes one; the double logs nothing. */
const RDNALoggingLevel = Object.freeze({
  RDNA_NO_LOGS: 0, RDNA_LOG_ERROR: 1, RDNA_LOG_WARN: 2, RDNA_LOG_NOTICE: 3, RDNA_LOG_INFO: 4, RDNA_LOG_DEBUG: 5, RDNA_LOG_VERBOSE: 6,
});

/** A session as the vendor's JSON carries it. credsh simulates no session keys: the ID is the double's own text. */
const APP_SESSION = Object.freeze({ sessionType: 0, sessionID: 'credsh-app' });
const userSession = (userID) => ({ sessionType: 1, sessionID: `credsh-user-${userID}` });

const NO_ERROR = Object.freeze({ longErrorCode: 0, shortErrorCode: 0, errorString: 'Success' });

/** The sync answer as the vendor's callback gets it; shortErrorCode is the long one (credsh has one code). */
function syncAnswer(reply) {
  const error = (reply && reply.error) || {};
  const code = typeof error.longErrorCode === 'number' ? error.longErrorCode : -1;
  return { error: { longErrorCode: code, shortErrorCode: code, errorString: error.errorString || '' } };
}

/** A flat record of the wire as the vendor's event JSON (docs/relid.md, "Callbacks"). */
function vendorJSON(name, e) {
  const status = { statusCode: e.statusCode ?? 100, statusMessage: e.statusMessage ?? 'Success' };
  const challengeResponse = (session) => ({ status, session, challengeInfo: e.challengeInfo || [], additionalInfo: {} });
  switch (name) {
    case 'getUser':
      return { rememberedUsers: e.rememberedUsers || [], recentLoggedInUser: e.recentLoggedInUser || '',
        challengeResponse: challengeResponse(APP_SESSION), error: NO_ERROR };
    case 'getPassword':
      return { userID: e.userID, challengeMode: e.challengeMode, attemptsLeft: e.attemptsLeft,
        challengeResponse: challengeResponse(APP_SESSION), error: NO_ERROR };
    case 'onUserLoggedIn':
      return { userID: e.userID, challengeResponse: challengeResponse(userSession(e.userID)), error: NO_ERROR };
    case 'onUserLoggedOff':
      return { userID: e.userID, challengeResponse: challengeResponse(APP_SESSION), error: NO_ERROR };
    case 'onCredentialsAvailableForUpdate':
      return { userID: e.userID, options: e.options || [], error: NO_ERROR };
    case 'onUpdateCredentialResponse':
      return { userID: e.userID, credType: e.credType, status, error: NO_ERROR };
    default:
      return { ...e };
  }
}

/** Where the server is, read when the first call needs it (or set with credsh.configure). */
function configFromEnvironment() {
  const env = (typeof process !== 'undefined' && process.env) || {};
  return configFrom(env);
}

let double = null;
let configured = null;

function theDouble() {
  if (double) return double;
  const config = configured || configFromEnvironment();
  if (!config) return null;
  double = new RdnaDouble(config);
  for (const name of EVENTS) {
    double.addListener(name, (payload) => {
      DeviceEventEmitter.emit(name, { response: JSON.stringify(vendorJSON(name, payload)) });
    });
  }
  return double;
}

const NO_SERVER = { error: { longErrorCode: -1, shortErrorCode: -1,
  errorString: 'credsh double: no server configured (CREDSH_URL and CREDSH_TOKEN, or RdnaClient.credsh.configure)' } };

/** A vendor method: the call over the wire, its sync answer to the callback given last. */
function call(method, args) {
  const callback = typeof args[args.length - 1] === 'function' ? args[args.length - 1] : () => {};
  const rdna = theDouble();
  if (!rdna) {
    setTimeout(() => callback(NO_SERVER), 0);
    return;
  }
  const params = args.slice(0, typeof args[args.length - 1] === 'function' ? -1 : args.length);
  rdna[method](...params).then((reply) => callback(syncAnswer(reply)), (reply) => callback(syncAnswer(reply)));
}

const RdnaClient = {
  /**
   * The vendor's initialize(agentInfo, host, port, cipherSpec, cipherSalt, proxySettings,
   * sslCertificate, dnsServerList, logLevel, callback): the arguments name the vendor's
   * gateway and are not used; the server is credsh serve. Answers 0 at once, then the
   * vendor's order of events: onInitialized, then getUser (the device's SDK waits for a user).
   */
  initialize(...args) {
    const callback = typeof args[args.length - 1] === 'function' ? args[args.length - 1] : () => {};
    const rdna = theDouble();
    setTimeout(() => {
      callback(rdna ? { error: NO_ERROR } : NO_SERVER);
      if (!rdna) return;
      const status = { statusCode: 100, statusMessage: 'Success' };
      DeviceEventEmitter.emit('onInitialized', { response: JSON.stringify({ status, session: APP_SESSION, additionalInfo: {}, error: NO_ERROR }) });
      DeviceEventEmitter.emit('getUser', { response: JSON.stringify(vendorJSON('getUser', {})) });
    }, 0);
  },
  setUser(...args) { call('setUser', args); },
  setPassword(...args) { call('setPassword', args); },
  updatePassword(...args) { call('updatePassword', args); },
  getAllChallenges(...args) { call('getAllChallenges', args); },
  initiateUpdateFlowForCredential(...args) { call('initiateUpdateFlowForCredential', args); },
  resetAuthState(...args) { call('resetAuthState', args); },
  logOff(...args) { call('logOff', args); },
  // What NativeEventEmitter asks of a native module.
  addListener() {},
  removeListeners() {},

  /** The double's own controls, for a test; no app code calls them. */
  credsh: {
    /** {url, token, device}: in place of CREDSH_URL, CREDSH_TOKEN, CREDSH_DEVICE. */
    configure(config) {
      if (double) double.stopEventStream();
      configured = config;
      double = null;
    },
    /** Resolves once no call is under way and every event so far is delivered. */
    whenIdle() { return theDouble() ? double.whenIdle() : Promise.resolve(); },
    /** The device's event stream: the callbacks a steering line produces for it. */
    startEventStream() { return theDouble() ? double.startEventStream() : Promise.reject(NO_SERVER); },
    stopEventStream() { if (double) double.stopEventStream(); },
  },
};

// `new NativeEventEmitter(NativeModules.RdnaClient)` needs the module registered, as the
// vendor's native side registers it.
try {
  if (!NativeModules.RdnaClient) NativeModules.RdnaClient = RdnaClient;
} catch (_) { /* a frozen NativeModules: the app passes RdnaClient itself */ }

module.exports = RdnaClient;
module.exports.default = RdnaClient;
module.exports.RDNALoggingLevel = RDNALoggingLevel;
