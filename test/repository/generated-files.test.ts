import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module of the repository's scripts, without declarations
import { runGenerators } from '../../scripts/generators.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

describe('npm run generate', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const generator = (text: string) => ({
    name: 'a fake',
    outputs: async () => ({ 'generated/a.txt': text }),
  });

  it('with --check, names a stale file and the command that rewrites it, and writes nothing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'generate-'));
    const log: string[] = [];
    await runGenerators([generator('one')], { root: dir, log: (line: string) => log.push(line) });
    const stale = await runGenerators([generator('two')], {
      root: dir,
      check: true,
      log: (line: string) => log.push(line),
    });
    expect(stale).toEqual(['generated/a.txt']);
    expect(log.at(-1)).toBe('generated/a.txt is stale (a fake): run npm run generate');
    expect(await readFile(join(dir, 'generated/a.txt'), 'utf8')).toBe('one');
  });

  it("leaves a file its generator's own comparison finds current", async () => {
    dir = await mkdtemp(join(tmpdir(), 'generate-'));
    await writeFile(join(dir, 'a.txt'), 'recorded at 10:00');
    const recording = {
      name: 'a recording',
      outputs: async () => ({ 'a.txt': 'recorded at 11:00' }),
      same: (a: string, b: string) => a.slice(0, 8) === b.slice(0, 8),
    };
    expect(await runGenerators([recording], { root: dir, log: () => {} })).toEqual([]);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('recorded at 10:00');
  });

  // Every file derived from the contract is committed as the generators write it.
  it('-- --check finds every generated file current', async () => {
    const { stdout } = await run(process.execPath, ['scripts/generate.mjs', '--check'], { cwd: root }).catch(
      (error: { stdout: string }) => {
        throw new Error(error.stdout);
      },
    );
    expect(stdout).toContain('Every generated file is current.');
  }, 120_000);

  it('refuses --only with a generator it does not have, rather than checking nothing', async () => {
    const refused = await run(process.execPath, ['scripts/generate.mjs', '--check', '--only=sdk typo'], {
      cwd: root,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('no generator named sdk typo');
  });
});
