import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Nimbus } from '@nimbus/sdk';
import { afterEach } from 'vitest';
import { createServer, type RunningServer } from '../../src/index';

// Servers on state files, for tests of what happens around the file (its lock, its log lines):
// each test file that imports this closes the servers it started after each test.

/** One line the server logged. */
export interface LoggedLine {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A path for a state file in a folder of its own. */
export const tempStatePath = async (prefix: string) =>
  join(await mkdtemp(join(tmpdir(), `nimbus-${prefix}-`)), 'state.json');

/** A server on `statePath` (closed after the test), its log lines pushed to `logged`. */
export async function startFileServer(statePath: string, logged: LoggedLine[] = []): Promise<RunningServer> {
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    logged.push({ level, message, fields });
  const server = await createServer({
    port: 0,
    statePath,
    flushDelayMs: 10,
    passwordCost: 'test',
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
  });
  return closeAfterTest(server);
}

/** Closes `server` after the test. */
export function closeAfterTest(server: RunningServer): RunningServer {
  running.push(server);
  return server;
}

/** A registered, logged-in user with a project of `projectName`: a client on that project. */
export async function projectClient(url: string, email: string, projectName: string): Promise<Nimbus> {
  const client = new Nimbus({ baseUrl: url, maxRetries: 0 });
  await client.auth.register({ email, password: 'long-enough', full_name: 'L' });
  await client.auth.login({ email, password: 'long-enough' });
  const project = await client.projects.create({ name: projectName });
  return client.withProject(project.id);
}
