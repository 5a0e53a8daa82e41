'use strict';
// `@nimbus/mock-server/msw` for Node's `require()` (the exports map's `node.require`): the entry
// itself (dist/msw.js, an ES module without top-level await, which Node >= 20.19 require()s),
// or the same error as import.js when msw is not installed.
const { mswMissing } = require('./missing.cjs');

try {
  module.exports = require('../dist/msw.js');
} catch (error) {
  throw mswMissing(error) ?? error;
}
