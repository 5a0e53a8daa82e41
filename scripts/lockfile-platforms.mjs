// Completes package-lock.json with the optional per-platform binaries (biome, rollup, ...)
// that a registry mirror without them leaves out. npm writes these entries itself when the
// registry serves them, and `npm ci` refuses a lock without them, so after `npm install`
// on such a mirror run: `node scripts/lockfile-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
let added = 0;

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${location}/${key}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[key] = { version, ...(entry.dev && { dev: true }), optional: true, ...platform };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries`);

/** `@rollup/rollup-linux-x64-musl` -> { os: ['linux'], cpu: ['x64'], libc: ['musl'] } */
function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((t) => OS.includes(t));
  const cpu = tokens.find((t) => CPU.includes(t));
  if (!os || !cpu) return undefined;
  const libc = tokens.includes('musl')
    ? ['musl']
    : os === 'linux' && tokens.some((t) => t.startsWith('gnu'))
      ? ['glibc']
      : undefined;
  return { os: [os], cpu: [cpu], ...(libc && { libc }) };
}
