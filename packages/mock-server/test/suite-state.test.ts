import { AuthenticationError, BadRequestError, Nimbus } from '@nimbus/sdk';
import { setupServer } from 'msw/node';
import { describe, expect, vi } from 'vitest';
import { createServer } from '../src';
import { createNimbusHandlers } from '../src/entries/msw';
import { seedTenant, startMockServer } from '../src/entries/testing';
import { it } from './support';

// What test suites need: a cheap password hash, and state snapshots that carry sessions.

const passwordHashes = (state: { tables: Record<string, Record<string, Record<string, unknown>>> }) =>
  Object.values(state.tables.users ?? {}).map((user) => String(user.password_hash));

/** A hash at the standard cost names no cost: `scrypt$<salt>$<hash>`, where the test cost adds `ln=4$`. */
const STANDARD_HASH = /^scrypt\$[^$]+\$[^$]+$/;

describe('password cost', () => {
  it('is the test cost in startMockServer, and standard in a server started without it', async ({ mock }) => {
    await seedTenant(mock);
    expect(passwordHashes(mock.exportState())).toEqual([expect.stringMatching(/^scrypt\$ln=4\$/)]);

    const standard = await startMockServer({ passwordCost: 'standard' });
    try {
      await seedTenant(standard);
      expect(passwordHashes(standard.exportState())).toEqual([expect.stringMatching(STANDARD_HASH)]);
    } finally {
      await standard.close();
    }
  });

  /** The password hashes after one seed through createServer() and through createNimbusHandlers(). */
  async function defaultHashes(): Promise<{ server: string[]; msw: string[] }> {
    const server = await createServer({ port: 0, inMemory: true });
    let serverHashes: string[];
    try {
      await seedTenant(server);
      serverHashes = passwordHashes(await (await fetch(`${server.url}/__mock/state`)).json());
    } finally {
      await server.close();
    }
    const nimbus = createNimbusHandlers({ baseUrl: 'http://cost.test' });
    const msw = setupServer(...nimbus.handlers);
    msw.listen({ onUnhandledRequest: 'error' });
    try {
      await seedTenant({
        createClient: (options) => new Nimbus({ ...options, baseUrl: 'http://cost.test' }),
      });
      return { server: serverHashes, msw: passwordHashes(nimbus.exportState()) };
    } finally {
      msw.close();
      await nimbus.close();
    }
  }

  it('is the test cost in createServer() and createNimbusHandlers() in a test runner (NODE_ENV=test)', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const hashes = await defaultHashes();
    expect(hashes.server).toEqual([expect.stringMatching(/^scrypt\$ln=4\$/)]);
    expect(hashes.msw).toEqual([expect.stringMatching(/^scrypt\$ln=4\$/)]);
  });

  it('is standard in createServer() and createNimbusHandlers() outside a test runner', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    try {
      const hashes = await defaultHashes();
      expect(hashes.server).toEqual([expect.stringMatching(STANDARD_HASH)]);
      expect(hashes.msw).toEqual([expect.stringMatching(STANDARD_HASH)]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('leaves hashes verifiable by a server of the other cost', async () => {
    const fast = await startMockServer();
    const standard = await startMockServer({ passwordCost: 'standard' });
    try {
      const { user } = await seedTenant(fast);
      await standard.importState(fast.exportState());
      const login = await standard.client.auth.login({ email: user.email, password: user.password });
      expect(login.user.email).toBe(user.email);
      await expect(
        standard.client.auth.login({ email: user.email, password: 'not-the-password' }),
      ).rejects.toBeInstanceOf(AuthenticationError);
    } finally {
      await fast.close();
      await standard.close();
    }
  });
});

describe('state snapshots', () => {
  it('carry the signing secret only when asked, so tokens stay valid on another server', async ({ mock }) => {
    await mock.reset();
    const tenant = await seedTenant(mock, { instances: [{ name: 'web', flavor: 'small', region: 'hn' }] });
    const plain = await mock.client.mock.state.export();
    expect(plain).not.toHaveProperty('secret');
    const portable = await mock.client.mock.state.export({ include_secret: true });
    expect(typeof portable.secret).toBe('string');
    expect(mock.exportState({ includeSecret: true })).toEqual(portable);

    const other = await startMockServer();
    try {
      const token = { accessToken: tenant.accessToken, projectId: tenant.project.id };
      await other.importState(plain as never);
      await expect(other.createClient(token).instances.list()).rejects.toBeInstanceOf(AuthenticationError);

      await other.importState(portable as never);
      const { data } = await other.createClient(token).instances.list();
      expect(data.map((vm) => vm.name)).toEqual(['web']);
    } finally {
      await other.close();
    }
  });

  it('refuse a secret that is not a signing secret with a 400', async ({ mock }) => {
    const state = mock.exportState({ includeSecret: true });
    for (const secret of ['short', 'has spaces and !!! that are not base64url at all', 42]) {
      const error = await mock.client.mock.state.import({ ...state, secret } as never).catch((e) => e);
      expect(error, String(secret)).toBeInstanceOf(BadRequestError);
    }
  });

  it('reset(snapshot) goes back to the seed and keeps its sessions', async ({ mock }) => {
    await mock.reset();
    const tenant = await seedTenant(mock);
    const seed = mock.exportState();
    await tenant.client.instances.create({ name: 'temp', flavor: 'small', region: 'hn' });
    await mock.reset(seed);
    expect((await tenant.client.instances.list()).data).toEqual([]);
    expect((await tenant.client.users.me()).email).toBe(tenant.user.email);
    await mock.reset();
    await expect(tenant.client.users.me()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('move into msw handlers with their sessions, which reset() keeps', async ({ mock }) => {
    await mock.reset();
    const tenant = await seedTenant(mock, { instances: [{ name: 'web', flavor: 'small', region: 'hn' }] });
    const nimbus = createNimbusHandlers({
      baseUrl: 'http://state.test',
      seed: mock.exportState({ includeSecret: true }),
    });
    const worker = setupServer(...nimbus.handlers);
    // The Node server started below is reached through the same intercepted fetch: let it pass.
    worker.listen({ onUnhandledRequest: 'bypass' });
    try {
      const client = new Nimbus({
        baseUrl: 'http://state.test',
        maxRetries: 0,
        fetch: (url, init) => fetch(url, init),
        accessToken: tenant.accessToken,
        projectId: tenant.project.id,
      });
      await client.instances.create({ name: 'extra', flavor: 'small', region: 'hn' });
      expect((await client.instances.list()).data).toHaveLength(2);
      await nimbus.reset();
      expect((await client.instances.list()).data.map((vm) => vm.name)).toEqual(['web']);

      // And back out: the handlers' export, with its secret, into a fresh Node server.
      const back = await startMockServer();
      try {
        await back.importState(nimbus.exportState({ includeSecret: true }));
        expect((await back.createClient({ accessToken: tenant.accessToken }).users.me()).id).toBe(
          tenant.user.id,
        );
      } finally {
        await back.close();
      }
    } finally {
      worker.close();
      await nimbus.close();
    }
  });
});
