// `@nimbus/mock-server/msw` for Node's `import` (the exports map's `node.import`): the entry
// itself (dist/msw.js, which browsers and bundlers load directly), or, when msw is not
// installed, an error that says so instead of Node's "Cannot find package 'msw'".
import { mswMissing } from './missing.cjs';

let entry;
try {
  entry = await import('../dist/msw.js');
} catch (error) {
  throw mswMissing(error) ?? error;
}

// Every named export of dist/msw.js: test/msw-peer.test.ts fails when the lists differ.
export const { ControlRouteError, RequestVerificationError, createNimbusHandlers } = entry;
