'use strict';
// Shared by import.js and require.cjs, the `/msw` entry's Node wrappers.

/**
 * The error `@nimbus/mock-server/msw` throws in Node when loading `dist/msw.js` failed because
 * msw is not installed, or is older than the peer range (msw 1 has no `msw/core/http`), or
 * undefined when `error` is about anything else (which then surfaces as itself). Node (20.19,
 * 22, 24) reports the missing package as `ERR_MODULE_NOT_FOUND`, "Cannot find package 'msw'
 * imported from ...", for `import` and `require()` alike, and the old one as
 * `ERR_PACKAGE_PATH_NOT_EXPORTED`, naming msw's package.json.
 */
exports.mswMissing = (error) => {
  const code = error?.code;
  const message = String(error?.message);
  // The package itself ('msw', 'msw/core/http'), not a path that contains the word.
  const missing =
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    /['"]msw(?:\/[^'"]*)?['"]/.test(message);
  const tooOld =
    code === 'ERR_PACKAGE_PATH_NOT_EXPORTED' && /node_modules[\\/]msw[\\/]package\.json/.test(message);
  if (!missing && !tooOld) return undefined;
  const range = require('../package.json').peerDependencies.msw;
  const clear = new Error(
    `@nimbus/mock-server/msw needs msw, which is ${missing ? 'not installed' : `older than ${range}`}: ` +
      `install it beside @nimbus/mock-server (npm install -D msw@${range}). The Node server ` +
      '(@nimbus/mock-server, @nimbus/mock-server/testing) does not need it.',
    { cause: error },
  );
  // Code that tells a missing optional module by its code still does.
  clear.code = code;
  return clear;
};
