'use strict';
// `@nimbus/mock-server/msw` for `require()` in Node (the exports map's `node.require`): the entry
// itself, the ES module import.js loads (dist/msw.js, without top-level await, which Node >= 20.19
// require()s), so a process holds one copy; for a loader that cannot require an ES module
// (jest's CommonJS mode), its CommonJS build (dist/msw.cjs). Either way, the same error as
// import.js when msw is not installed.
const { mswMissing } = require('./missing.cjs');

/** What Node and jest throw for a require() of an ES module they cannot load that way. */
const REQUIRE_ESM = 'ERR_REQUIRE_ESM';

try {
  try {
    module.exports = require('../dist/msw.js');
  } catch (error) {
    if (error?.code !== REQUIRE_ESM) throw error;
    module.exports = require('../dist/msw.cjs');
  }
} catch (error) {
  throw mswMissing(error) ?? error;
}
