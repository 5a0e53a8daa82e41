import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LoggedLine, projectClient, startFileServer, tempStatePath } from './support/file-servers';

/**
 * What the log says while the state file cannot be used (broken from outside, or not writable),
 * and the one line that says when writes are accepted again.
 */

describe('the log while the state file cannot be used', () => {
  it('is logged once in one clean sentence, and its fix with one line when writes are accepted again', async () => {
    const statePath = await tempStatePath('log');
    const logged: LoggedLine[] = [];
    const server = await startFileServer(statePath, logged);
    const client = await projectClient(server.url, 'broken@example.com', 'logged');
    await server.store.flush();
    const good = await readFile(statePath, 'utf8');

    await writeFile(statePath, good.slice(0, 40));
    await expect.poll(() => server.store.health().ok, { timeout: 5000, interval: 20 }).toBe(false);
    const errors = logged.filter((line) => line.level === 'error');
    expect(errors.map((line) => line.message)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^State file ${statePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} was changed outside the server and is not a valid Nimbus state \\(not JSON: .+\\): it is left as it is, and writes answer 503 until it is fixed or put back$`,
        ),
      ),
    ]);
    expect(errors[0]!.message).not.toMatch(/[.;:,]{2}|--in-memory/);

    await writeFile(statePath, good);
    await expect.poll(() => server.store.health().ok, { timeout: 5000, interval: 20 }).toBe(true);
    const recovered = logged.filter((line) => line.message.includes('valid state again'));
    expect(recovered).toEqual([
      {
        level: 'info',
        message: 'The state file is a valid state again: writes are accepted',
        fields: { path: statePath },
      },
    ]);
    await expect(client.buckets.create({ name: 'after-fix', region: 'hn' })).resolves.toMatchObject({
      name: 'after-fix',
    });
  });

  it('a location that cannot be written is logged once, and one line says when writes are accepted again', async () => {
    const statePath = await tempStatePath('log');
    // A directory where the writer puts its temp file: every write fails (EISDIR), root or not.
    const blocker = join(statePath, '..', '.state.json.tmp');
    await mkdir(blocker);
    const logged: LoggedLine[] = [];
    const server = await startFileServer(statePath, logged);
    expect(server.store.health().ok).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // a retry fails the same way
    await rm(blocker, { recursive: true });
    await expect.poll(() => server.store.health().ok, { timeout: 5000, interval: 50 }).toBe(true);
    expect(logged.map(({ level, message }) => `${level} ${message}`)).toEqual([
      'error The state file cannot be written: writes answer 503 until it can',
      'info The state file can be written again: writes are accepted',
    ]);
  });
});
