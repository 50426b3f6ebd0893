'use strict';
// Node's counterpart of the Metro/Babel alias an app's debug and test builds use
// (README.md, "The vendor's package, dropped in"): `react-native` is react-native-shim.js
// and `react-native-rdna-client` (or its `/src/index`) is rdna-client.js, so an app layer
// written against the vendor's package runs unchanged in Node's tests.
const Module = require('node:module');
const path = require('node:path');

const aliases = {
  'react-native': path.resolve(__dirname, '..', 'react-native-shim.js'),
  'react-native-rdna-client': path.resolve(__dirname, '..', 'rdna-client.js'),
  'react-native-rdna-client/src/index': path.resolve(__dirname, '..', 'rdna-client.js'),
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveWithAliases(request, ...rest) {
  return resolve.call(this, aliases[request] || request, ...rest);
};

module.exports = { aliases };
