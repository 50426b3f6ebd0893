'use strict';
// The REL-ID SDK double for React Native (clients/react-native/README.md): the calls and
// the events of the REL-ID codelabs' service layer (setUser, setPassword, updatePassword,
// getAllChallenges, initiateUpdateFlowForCredential, resetAuthState, logOff; getUser,
// getPassword, onUserLoggedIn, onUserLoggedOff, onCredentialsAvailableForUpdate,
// onUpdateCredentialResponse), answered by `credsh serve` over its JSON-RPC wire
// (`POST /sdk/relid`, docs/double.md) with `fetch` alone: no dependency, no native code.

/** The events of docs/relid.md ("Callbacks"), in the order of the lifecycle. */
const EVENTS = Object.freeze([
  'getUser', 'getPassword', 'onUserLoggedIn', 'onUserLoggedOff',
  'onCredentialsAvailableForUpdate', 'onUpdateCredentialResponse',
]);

/** Challenge modes (docs/relid.md, "Challenge modes"). */
const RDNAChallengeOpMode = Object.freeze({
  RDNA_CHALLENGE_OP_VERIFY: 0,
  RDNA_CHALLENGE_OP_SET: 1,
  RDNA_OP_UPDATE_CREDENTIALS: 2,
  RDNA_OP_AUTHORIZE_NOTIFICATION: 3,
  RDNA_OP_UPDATE_ON_EXPIRY: 4,
});

const DEVICE_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** Listeners per event at most: a leak shows as an error, not as slowness. */
const MAX_LISTENERS = 64;
/** Events queued but not yet delivered at most (a server that floods is cut off). */
const MAX_QUEUED = 10000;

/**
 * A failure of the double itself (no server, an HTTP refusal, a JSON-RPC error): its
 * `longErrorCode` is below zero, which the simulated SDK never uses.
 */
function doubleError(code, message, extra) {
  return Object.assign({ error: { longErrorCode: code, errorString: 'credsh double: ' + message } }, extra || {});
}

class RdnaDouble {
  /**
   * @param {{url: string, token: string, device?: string, fetch?: Function, timeoutMs?: number}} options
   *   url: credsh serve's address (`http://10.0.2.2:PORT` from an Android emulator);
   *   token: the token serve printed; device: this app instance (default `default`).
   */
  constructor(options) {
    if (!options || typeof options.url !== 'string' || typeof options.token !== 'string') {
      throw new TypeError('RdnaDouble needs { url, token } of a running credsh serve --control');
    }
    const device = options.device === undefined ? 'default' : options.device;
    if (!DEVICE_PATTERN.test(device)) throw new TypeError('device: 1 to 64 of A-Z a-z 0-9 . _ -');
    this.url = options.url.replace(/\/+$/, '');
    this.token = options.token;
    this.device = device;
    this.timeoutMs = options.timeoutMs || 15000;
    this._fetch = options.fetch || globalThis.fetch;
    this._listeners = new Map();
    this._queue = [];
    this._draining = null;
    this._idle = [];
    this._nextId = 1;
    this._inFlight = 0;
    this._stream = null;
  }

  // The SDK's APIs. Each resolves with the synchronous response `{error: {longErrorCode:
  // 0, errorString}}` and rejects with the same shape when the SDK refused the call
  // (longErrorCode > 0) or the double failed (< 0); the callbacks follow as events.
  setUser(userID) { return this._call('setUser', { userID }); }
  setPassword(password, challengeMode) { return this._call('setPassword', { password, challengeMode }); }
  updatePassword(currentPassword, newPassword, challengeMode) {
    return this._call('updatePassword', { currentPassword, newPassword, challengeMode });
  }
  getAllChallenges(userID) { return this._call('getAllChallenges', { userID }); }
  initiateUpdateFlowForCredential(credentialType) { return this._call('initiateUpdateFlowForCredential', { credentialType }); }
  resetAuthState() { return this._call('resetAuthState', {}); }
  logOff(userID) { return this._call('logOff', { userID }); }

  /** As React Native's NativeEventEmitter: a subscription with remove(). */
  addListener(eventName, handler) {
    if (typeof handler !== 'function') throw new TypeError('addListener needs a function');
    const list = this._listeners.get(eventName) || [];
    if (list.length >= MAX_LISTENERS) throw new Error(`more than ${MAX_LISTENERS} listeners for ${eventName}`);
    list.push(handler);
    this._listeners.set(eventName, list);
    return { remove: () => this.removeListener(eventName, handler) };
  }

  removeListener(eventName, handler) {
    const list = this._listeners.get(eventName) || [];
    const index = list.indexOf(handler);
    if (index >= 0) list.splice(index, 1);
  }

  removeAllListeners(eventName) {
    if (eventName === undefined) this._listeners.clear();
    else this._listeners.delete(eventName);
  }

  listenerCount(eventName) { return (this._listeners.get(eventName) || []).length; }

  /**
   * Resolves once no call is under way and every event queued so far is delivered,
   * including the calls its listeners made and their events.
   */
  whenIdle() {
    if (this._isIdle()) return Promise.resolve();
    return new Promise((resolve) => this._idle.push(resolve));
  }

  _isIdle() { return this._queue.length === 0 && !this._draining && this._inFlight === 0; }

  _checkIdle() {
    if (!this._isIdle()) return;
    const waiting = this._idle.splice(0);
    for (const resolve of waiting) resolve();
  }

  /**
   * Opens `GET /sdk/relid/events` (server-sent events) for the callbacks that reach this
   * device without a call of its own (a steering line run for it). Returns a promise that
   * resolves once the stream is open; `stopEventStream()` closes it.
   */
  startEventStream() {
    if (this._stream) return this._stream.opened;
    const controller = new AbortController();
    let opened;
    const openedPromise = new Promise((resolve, reject) => { opened = { resolve, reject }; });
    this._stream = { controller, opened: openedPromise };
    const url = `${this.url}/sdk/relid/events?device=${encodeURIComponent(this.device)}`;
    this._fetch(url, { headers: this._headers(false), signal: controller.signal }).then(async (response) => {
      if (response.status !== 200 || !response.body) {
        opened.reject(doubleError(-response.status, `event stream answered HTTP ${response.status}`));
        return;
      }
      opened.resolve();
      const decoder = new TextDecoder();
      let buffered = '';
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk, { stream: true });
        // One event ends at a blank line; a line longer than 1 MiB ends the stream.
        if (buffered.length > 1 << 20) break;
        let end;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
          if (!data) continue;
          try { this._enqueue([JSON.parse(data)]); } catch (_) { /* not a record: skipped */ }
        }
      }
    }).catch((error) => {
      if (error && error.name === 'AbortError') return;
      opened.reject(doubleError(-1, String(error && error.message || error)));
    });
    return openedPromise;
  }

  stopEventStream() {
    if (this._stream) this._stream.controller.abort();
    this._stream = null;
  }

  _headers(json) {
    const headers = { Authorization: `Bearer ${this.token}`, 'Credsh-Device': this.device };
    if (json) headers['Content-Type'] = 'application/json';
    return headers;
  }

  async _call(method, params) {
    this._inFlight++;
    try {
      return await this._send(method, params);
    } finally {
      this._inFlight--;
      // After the caller's own continuation (a microtask), so its next call counts first.
      setTimeout(() => this._checkIdle(), 0);
    }
  }

  async _send(method, params) {
    const id = this._nextId++;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    let response;
    let text;
    try {
      response = await this._fetch(`${this.url}/sdk/relid`, {
        method: 'POST', headers: this._headers(true), signal: controller.signal,
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      });
      text = await response.text();
    } catch (error) {
      throw doubleError(-1, `credsh serve could not be reached: ${error && error.message || error}`);
    } finally {
      clearTimeout(timer);
    }
    if (response.status !== 200) throw doubleError(-response.status, `HTTP ${response.status}: ${text.slice(0, 200)}`);
    let answer;
    try { answer = JSON.parse(text); } catch (_) { throw doubleError(-2, 'the answer is not JSON'); }
    if (answer.error) {
      throw doubleError(answer.error.code, answer.error.message,
        { rpcError: { code: answer.error.code, message: answer.error.message, data: answer.error.data } });
    }
    const result = answer.result || {};
    this._enqueue((result.events || []).filter((record) => record && typeof record.event === 'string'));
    const sync = result.syncError;
    const reply = { error: { longErrorCode: sync ? sync.code : 0, errorString: sync ? sync.message : 'Success' } };
    if (sync) throw reply;
    return reply;
  }

  _enqueue(records) {
    for (const record of records) {
      if (this._queue.length >= MAX_QUEUED) break;
      this._queue.push(record);
    }
    if (!this._draining && this._queue.length) this._draining = setTimeout(() => this._drain(), 0);
  }

  // One event a turn, in order, after the call's promise has settled.
  _drain() {
    const record = this._queue.shift();
    if (record) {
      const { event, ...payload } = record;
      for (const handler of [...(this._listeners.get(event) || [])]) {
        try { handler(payload); } catch (error) { setTimeout(() => { throw error; }, 0); }
      }
    }
    if (this._queue.length) {
      this._draining = setTimeout(() => this._drain(), 0);
    } else {
      this._draining = null;
      this._checkIdle();
    }
  }
}

/**
 * The configuration the emulator way: from an object the app's build put in (for
 * example react-native-config's `Config`, or a `__DEV__`-only constants file), keys
 * CREDSH_URL, CREDSH_TOKEN, CREDSH_DEVICE; null when it names no server.
 */
function configFrom(values) {
  if (!values || !values.CREDSH_URL || !values.CREDSH_TOKEN) return null;
  return { url: values.CREDSH_URL, token: values.CREDSH_TOKEN, device: values.CREDSH_DEVICE || 'default' };
}

/**
 * The control API (`POST /__credsh/run`): steering lines and the journal checks a UI test
 * ends with. Resolves with { passed, exitCode, records }.
 */
async function runControl({ url, token, fetch: given }, script) {
  const fetcher = given || globalThis.fetch;
  const response = await fetcher(`${url.replace(/\/+$/, '')}/__credsh/run`, {
    method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/plain' }, body: script,
  });
  const text = await response.text();
  const records = text.split('\n').filter(Boolean).map((line) => { try { return JSON.parse(line); } catch (_) { return null; } }).filter(Boolean);
  const exitCode = Number(response.headers.get('Credsh-Exit-Code') || (response.status === 200 ? 0 : 1));
  const failures = records.filter((r) => r.expectation === 'failed' || (r.error && r.failure)).map((r) => r.message || r.error.message);
  return { passed: response.status === 200 && exitCode === 0, exitCode, status: response.status, records, failures, text };
}

/**
 * `POST /__credsh/reset`: the world goes back to the scenario `credsh serve` started with
 * (accounts, policy, clock, network, every device and journal). A UI test calls it in
 * `beforeEach`. Resolves once it is done; rejects with the server's answer otherwise.
 */
async function resetWorld({ url, token, fetch: given }) {
  const fetcher = given || globalThis.fetch;
  const response = await fetcher(`${url.replace(/\/+$/, '')}/__credsh/reset`, {
    method: 'POST', headers: { Authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`credsh double: reset answered ${response.status}: ${text}`);
}

module.exports = { RdnaDouble, RDNAChallengeOpMode, EVENTS, configFrom, runControl, resetWorld };
