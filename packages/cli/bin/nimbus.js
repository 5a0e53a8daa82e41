#!/usr/bin/env node
// npm links a workspace's bin when it installs, before `npm run build` has made dist/: this
// file is committed so the link exists from the first `npm ci`, and it loads the build.
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  process.stderr.write('error: nimbus is not built yet: run `npm run build` first\n');
  process.exitCode = 1;
}
