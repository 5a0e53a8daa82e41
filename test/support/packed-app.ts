/**
 * A consumer's app with the workspace packages installed as users get them: `npm pack` of the
 * built packages, unpacked into the app's `node_modules`. The app lives under the repository's
 * `node_modules/.cache`, so the packages' own dependencies resolve to the workspace's installed
 * copies (no registry, no install step) while `@nimbus/*` resolve to the unpacked tarballs.
 *
 * `{ without: ['msw'] }` makes an app that cannot find those packages: it lives in the system's
 * temporary folder instead, and each package the unpacked ones depend on, but those, is linked
 * to the workspace's installed copy.
 *
 * @example
 * const tarballs = await packWorkspaces(['@nimbus/sdk'], tarballDir);
 * const app = await createPackedApp(tarballs);
 * const { stdout } = await app.node(['-e', "require('@nimbus/sdk')"]);
 * await app.remove();
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const cache = join(root, 'node_modules/.cache/nimbus-packed');
const run = promisify(execFile);

/** Package name to the path of its tarball. */
export type Tarballs = Record<string, string>;

export interface PackedApp {
  /** The app's folder; `node_modules/<name>` holds each unpacked package. */
  readonly dir: string;
  /** Runs `node` with these arguments in the app's folder. */
  node(args: string[], options?: { env?: NodeJS.ProcessEnv }): Promise<{ stdout: string; stderr: string }>;
  /** Runs a command from the repository's `node_modules/.bin` (tsc, attw, ...) in the app's folder. */
  bin(name: string, args: string[]): Promise<{ stdout: string; stderr: string }>;
  /** Writes a file into the app (folders made as needed). */
  write(path: string, text: string): Promise<void>;
  /** The installed package's `package.json`. */
  manifest(name: string): Promise<PackageManifest>;
  /** Every package `name` needs at run time: its dependencies, theirs, and so on, as installed. */
  dependencyClosure(name: string): Promise<Set<string>>;
  remove(): Promise<void>;
}

export interface PackageManifest {
  name: string;
  license?: string;
  files?: string[];
  bin?: Record<string, string>;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** `npm pack`s the workspaces (their current build) into `destination`. */
export async function packWorkspaces(names: string[], destination: string): Promise<Tarballs> {
  await mkdir(destination, { recursive: true });
  const workspaces = names.flatMap((name) => ['-w', name]);
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination, ...workspaces], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  const packed = JSON.parse(stdout) as { name: string; filename: string }[];
  return Object.fromEntries(packed.map((entry) => [entry.name, join(destination, entry.filename)]));
}

/** Runs a command from the repository's `node_modules/.bin` (tsc, attw, ...) in `cwd`. */
export function runBin(
  name: string,
  args: string[],
  cwd = root,
): Promise<{ stdout: string; stderr: string }> {
  return run(join(root, 'node_modules/.bin', name), args, { cwd, maxBuffer: 64 * 1024 * 1024 });
}

/** The default place for tarballs: under the repository's (ignored) `node_modules/.cache`. */
export const tarballDir = join(cache, 'tarballs');

export interface PackedAppOptions {
  /** Packages the app must not find (e.g. an optional peer dependency left out). */
  without?: string[];
}

export async function createPackedApp(
  tarballs: Tarballs,
  options: PackedAppOptions = {},
): Promise<PackedApp> {
  const { without } = options;
  // Under the repository, every package the workspace installed resolves; outside it, only the links.
  if (!without) await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(without ? join(tmpdir(), 'nimbus-app-') : join(cache, 'app-'));
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  for (const [name, tarball] of Object.entries(tarballs)) {
    const target = join(dir, 'node_modules', name);
    await mkdir(target, { recursive: true });
    await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  }

  const manifest = async (packageDir: string): Promise<PackageManifest> =>
    JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
  if (without) await linkDependencies(dir, Object.keys(tarballs), without, manifest);

  return {
    dir,
    node: (args, options = {}) =>
      run(process.execPath, args, { cwd: dir, env: options.env ?? process.env, maxBuffer: 64 * 1024 * 1024 }),
    bin: (name, args) => runBin(name, args, dir),
    async write(path, text) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    },
    manifest: (name) => manifest(join(dir, 'node_modules', name)),
    async dependencyClosure(name) {
      const seen = new Set<string>();
      const visit = async (from: string, dependency: string, optional: boolean): Promise<void> => {
        const found = locate(from, dependency);
        if (!found) {
          if (optional) return;
          throw new Error(`${dependency} (needed from ${from}) is not installed`);
        }
        if (seen.has(found)) return;
        seen.add(found);
        const pkg = await manifest(found);
        const optionalPeers = Object.entries(pkg.peerDependenciesMeta ?? {}).filter(
          ([, meta]) => meta.optional,
        );
        const peers = new Set(optionalPeers.map(([peer]) => peer));
        await Promise.all([
          ...Object.keys(pkg.dependencies ?? {}).map((next) => visit(found, next, false)),
          ...Object.keys(pkg.optionalDependencies ?? {}).map((next) => visit(found, next, true)),
          ...Object.keys(pkg.peerDependencies ?? {}).map((next) => visit(found, next, peers.has(next))),
        ]);
      };
      await visit(dir, name, false);
      const names = await Promise.all([...seen].map(async (found) => (await manifest(found)).name));
      return new Set(names.filter((found) => found !== name));
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Links into `dir/node_modules` the workspace's copy of every dependency of the unpacked
 * `packages` (and of their peer dependencies, an optional one when installed) but `without`.
 * Node follows a link to the real folder, so the linked packages find their own dependencies.
 */
async function linkDependencies(
  dir: string,
  packages: string[],
  without: string[],
  manifest: (packageDir: string) => Promise<PackageManifest>,
): Promise<void> {
  // Dependency name to whether one of the packages requires it.
  const links = new Map<string, boolean>();
  const add = (dependency: string, required: boolean) =>
    links.set(dependency, required || links.get(dependency) === true);
  for (const name of packages) {
    const pkg = await manifest(join(dir, 'node_modules', name));
    for (const dependency of Object.keys(pkg.dependencies ?? {})) add(dependency, true);
    for (const dependency of Object.keys(pkg.optionalDependencies ?? {})) add(dependency, false);
    for (const peer of Object.keys(pkg.peerDependencies ?? {})) {
      add(peer, pkg.peerDependenciesMeta?.[peer]?.optional !== true);
    }
  }
  for (const [dependency, required] of links) {
    if (packages.includes(dependency) || without.includes(dependency)) continue;
    const found = locate(root, dependency);
    if (!found) {
      if (required) throw new Error(`${dependency} is not installed in the workspace`);
      continue;
    }
    const target = join(dir, 'node_modules', dependency);
    await mkdir(dirname(target), { recursive: true });
    await symlink(found, target, 'dir');
  }
}

/** Node's lookup: `node_modules/<name>` in `from` or the nearest folder above it that has one. */
function locate(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}
