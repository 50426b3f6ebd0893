'use strict';
// What rdna-client.js needs of React Native, for Node (its tests, a script): `NativeModules`
// and `NativeEventEmitter` as React Native's JavaScript side has them. Every
// NativeEventEmitter shares one registry, `DeviceEventEmitter`, as React Native's do, so an
// event emitted once reaches each `new NativeEventEmitter(NativeModules.RdnaClient)`
// listener of that name. In an app, `require('react-native')` is React Native itself.

/** Listeners per event name at most: a leak shows as an error, not as slowness. */
const MAX_LISTENERS = 256;

class EventRegistry {
  constructor() { this._listeners = new Map(); }

  addListener(eventType, listener) {
    if (typeof listener !== 'function') throw new TypeError('addListener needs a function');
    const list = this._listeners.get(eventType) || [];
    if (list.length >= MAX_LISTENERS) throw new Error(`more than ${MAX_LISTENERS} listeners for ${eventType}`);
    const entry = { listener };
    list.push(entry);
    this._listeners.set(eventType, list);
    return { remove: () => this._remove(eventType, entry) };
  }

  _remove(eventType, entry) {
    const list = this._listeners.get(eventType) || [];
    const index = list.indexOf(entry);
    if (index >= 0) list.splice(index, 1);
  }

  emit(eventType, ...args) {
    for (const { listener } of [...(this._listeners.get(eventType) || [])]) listener(...args);
  }

  removeAllListeners(eventType) {
    if (eventType === undefined) this._listeners.clear();
    else this._listeners.delete(eventType);
  }

  listenerCount(eventType) { return (this._listeners.get(eventType) || []).length; }
}

const DeviceEventEmitter = new EventRegistry();

class NativeEventEmitter {
  constructor(nativeModule) {
    if (!nativeModule) throw new Error('`new NativeEventEmitter()` requires a non-null argument.');
    this._nativeModule = nativeModule;
  }

  addListener(eventType, listener) {
    if (typeof this._nativeModule.addListener === 'function') this._nativeModule.addListener(eventType);
    return DeviceEventEmitter.addListener(eventType, listener);
  }

  emit(eventType, ...args) { DeviceEventEmitter.emit(eventType, ...args); }

  removeAllListeners(eventType) { DeviceEventEmitter.removeAllListeners(eventType); }

  listenerCount(eventType) { return DeviceEventEmitter.listenerCount(eventType); }
}

/** The native modules an app registers; rdna-client.js registers `RdnaClient`. */
const NativeModules = {};

const Platform = { OS: 'node', select: (choices) => choices.node ?? choices.default };

module.exports = { NativeModules, NativeEventEmitter, DeviceEventEmitter, Platform };
