#!/usr/bin/env node
// npm links a workspace's bin when it installs, before `npm run build` has made dist/: this
// file is committed so the link exists from the first `npm ci`, and it loads the build.
// CommonJS, as the build it loads (packages/cli/tsup.config.ts, `rechunk`).
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const built = join(__dirname, '..', 'dist', 'bin.cjs');
if (existsSync(built)) {
  require(built);
} else {
  process.stderr.write('error: nimbus is not built yet: run `npm run build` first\n');
  process.exitCode = 1;
}
