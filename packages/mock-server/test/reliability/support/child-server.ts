import { type CreateServerOptions, createServer } from '../../../src/node/create-server';
import { StateFileError } from '../../../src/store/errors';
import { FilePersistence } from '../../../src/store/file-persistence';

/**
 * The reference server as a process of its own, for tests that kill it (crash-safety.test.ts,
 * durability.test.ts). Bundled by global-setup.ts. Arguments: the state file, then optionally
 * server options as JSON. It runs as `npm start` does, watching its state file for outside edits.
 * Prints one JSON line per message on stdout: `{"url":...}` once listening, `{"flushed":<ms>}`
 * after each completed write of the state file (with the wall-clock time the state was
 * serialised: the store hands the pieces over right after serialising them), and `{"log":...}` for
 * each line the server logs. A state file it refuses ends it with exit code 2 and the message on stderr.
 */
const statePath = process.argv[2];
if (!statePath) throw new Error('usage: child-server <state file> [options as JSON]');
const options = JSON.parse(process.argv[3] ?? '{}') as CreateServerOptions;

const print = (message: unknown): void => {
  process.stdout.write(`${JSON.stringify(message)}\n`);
};
// Every write goes through writePieces (the store hands it the pieces right after serialising them).
const writePieces = FilePersistence.prototype.writePieces;
FilePersistence.prototype.writePieces = async function (this: FilePersistence, pieces) {
  const serialisedAt = Date.now();
  await writePieces.call(this, pieces);
  print({ flushed: serialisedAt });
};
const logAs =
  (level: string) =>
  (message: string, fields?: Record<string, unknown>): void =>
    print({ log: { level, message, fields } });

try {
  const server = await createServer({
    port: 0,
    statePath,
    flushDelayMs: 50,
    logger: { info: logAs('info'), warn: logAs('warn'), error: logAs('error') },
    ...options,
  });
  print({ url: server.url, healthy: server.store.health().ok, demo: server.demo });
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(error instanceof StateFileError ? 2 : 1);
}
