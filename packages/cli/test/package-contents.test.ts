import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cliDir = fileURLToPath(new URL('..', import.meta.url));

describe('the @nimbus/cli tarball', () => {
  it('ships dist/operations/, which the command tree is built from: the groups and a file per group', async () => {
    const listing = await new Promise<string>((resolve, reject) => {
      execFile('npm', ['pack', '--dry-run', '--json'], { cwd: cliDir }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      );
    });
    const [pack] = JSON.parse(listing) as { files: { path: string; size: number }[] }[];
    const files = new Map(pack!.files.map((f) => [f.path, f.size]));
    expect(files.get('dist/bin.cjs')).toBeGreaterThan(0);
    expect(files.get('dist/operations/index.json')).toBeGreaterThan(1_000);
    expect(files.get('dist/operations/instances.json')).toBeGreaterThan(1_000);
    const groups = [...files.keys()].filter((path) => path.startsWith('dist/operations/'));
    expect(groups.length).toBeGreaterThan(50);
  });
});
