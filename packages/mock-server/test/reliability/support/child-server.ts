import { createServer } from '../../../src/node/create-server';
import { StateFileError } from '../../../src/store/errors';
import { FilePersistence } from '../../../src/store/file-persistence';

/**
 * The reference server as a process of its own, for tests that kill it (crash-safety.test.ts).
 * Bundled by global-setup.ts. Argument: the state file. Prints `{"url":...}` once listening,
 * then `{"flushed":<ms>}` after each completed write of the state file, with the wall-clock time
 * the state was serialised (the store hands the text over right after serialising it).
 * A state file it refuses ends it with exit code 2 and the message on stderr.
 */
const statePath = process.argv[2];
if (!statePath) throw new Error('usage: child-server <state file>');

const write = FilePersistence.prototype.write;
FilePersistence.prototype.write = async function (this: FilePersistence, text: string) {
  const serialisedAt = Date.now();
  await write.call(this, text);
  process.stdout.write(`${JSON.stringify({ flushed: serialisedAt })}\n`);
};

try {
  const server = await createServer({ port: 0, statePath, watch: false, flushDelayMs: 50 });
  process.stdout.write(`${JSON.stringify({ url: server.url, healthy: server.store.health().ok })}\n`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(error instanceof StateFileError ? 2 : 1);
}
