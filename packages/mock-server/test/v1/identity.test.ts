import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  Nimbus,
  PermissionDeniedError,
} from '@nimbus/sdk';
import { decodeJwt } from 'jose';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { it, rejection } from '../support';

describe('register', () => {
  it('creates a user and never returns the password', async ({ mock }) => {
    const user = await mock.client.auth.register({
      email: 'Ada@Example.com',
      password: 'long-enough',
      full_name: 'Ada',
    });
    expect(user).toMatchObject({ email: 'Ada@Example.com', full_name: 'Ada', mfa_enabled: false });
    expect(JSON.stringify(user)).not.toContain('long-enough');
    expect(Object.keys(user)).not.toContain('password_hash');
  });

  it('answers 400 for a bad email or a short password, naming the fields', async ({ mock }) => {
    const error = await rejection(
      mock.client.auth.register({ email: 'nope', password: 'short', full_name: 'x' }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('VALIDATION_ERROR');
    const paths = (error.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.password']));
  });

  it('answers 409 for a duplicate email, case-insensitively', async ({ mock }) => {
    await mock.client.auth.register({ email: 'dup@example.com', password: 'long-enough', full_name: 'One' });
    const error = await rejection(
      mock.client.auth.register({ email: 'DUP@example.com', password: 'long-enough', full_name: 'Two' }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.code).toBe('CONFLICT');
  });

  it('keeps only a scrypt hash of the password in the state', async ({ mock }) => {
    await mock.client.auth.register({
      email: 'hash@example.com',
      password: 'secret-password',
      full_name: 'H',
    });
    const state = JSON.stringify(mock.server.store.state);
    expect(state).not.toContain('secret-password');
    expect(state).toMatch(/"password_hash":"scrypt\$/);
  });
});

describe('login, refresh and logout', () => {
  it('answers INVALID_CREDENTIALS for a wrong password and an unknown email alike', async ({ mock }) => {
    await mock.client.auth.register({
      email: 'login@example.com',
      password: 'right-password',
      full_name: 'L',
    });
    const wrong = await rejection(
      mock.createClient().auth.login({ email: 'login@example.com', password: 'wrong-password' }),
    );
    const unknown = await rejection(
      mock.createClient().auth.login({ email: 'nobody@example.com', password: 'whatever1' }),
    );
    for (const error of [wrong, unknown]) {
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error.code).toBe('INVALID_CREDENTIALS');
    }
  });

  it('issues an HS256 access token with the documented claims and 15 minutes of life', async ({
    tenant: { accessToken, user },
  }) => {
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({ sub: user.id, email: user.email, typ: 'access' });
    expect(claims.sid).toBeTypeOf('string');
    expect(claims.jti).toBeTypeOf('string');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60);
  });

  it('rotates refresh tokens: the old one is dead, and reusing it revokes the whole session', async ({
    mock,
    tenant,
  }) => {
    const first = tenant.client.session.refreshToken!;
    const rotated = await tenant.client.auth.refresh();
    expect(rotated.refresh_token).not.toBe(first);
    await expect(tenant.client.users.me()).resolves.toMatchObject({ id: tenant.user.id });

    const replay = await rejection(mock.createClient().auth.refresh({ refresh_token: first }));
    expect(replay.code).toBe('REFRESH_TOKEN_REUSED');
    // The family is revoked: the live refresh token and the access tokens of the session die too.
    const after = await rejection(mock.createClient().auth.refresh({ refresh_token: rotated.refresh_token }));
    expect(after.code).toBe('UNAUTHENTICATED');
    const me = await rejection(mock.createClient({ accessToken: rotated.access_token }).users.me());
    expect(me).toBeInstanceOf(AuthenticationError);
  });

  it('logout revokes the session: its access and refresh tokens are refused', async ({ mock, tenant }) => {
    const access = tenant.client.session.accessToken!;
    const refresh = tenant.client.session.refreshToken!;
    await tenant.client.auth.logout();
    const me = await rejection(mock.createClient({ accessToken: access }).users.me());
    expect(me.code).toBe('UNAUTHENTICATED');
    const again = await rejection(mock.createClient().auth.refresh({ refresh_token: refresh }));
    expect(again.code).toBe('UNAUTHENTICATED');
  });

  it('refuses expired access tokens once the clock passes 15 minutes, and the SDK refreshes on its own', async ({
    mock,
    tenant,
  }) => {
    const stale = mock.createClient({ accessToken: tenant.client.session.accessToken! });
    await mock.clock.advance(16 * 60);
    const error = await rejection(stale.users.me());
    expect(error.code).toBe('UNAUTHENTICATED');
    expect(error.message).toMatch(/expired/i);
    // The seeded client holds a refresh token: one refresh and a replay, invisible to the caller.
    await expect(tenant.client.users.me()).resolves.toMatchObject({ id: tenant.user.id });
  });

  it('refuses tokens signed with another key or with alg none', async ({ mock }) => {
    const forged = `${btoa(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${btoa(JSON.stringify({ sub: 'x', sid: 'y', typ: 'access', exp: 9e9 }))}.`;
    for (const token of [forged, 'not.a.token', `${forged}abc`]) {
      const error = await rejection(mock.createClient({ accessToken: token }).users.me());
      expect(error.status).toBe(401);
    }
  });
});

describe('projects and tenancy', () => {
  it('makes the creator owner and lists only the caller’s projects', async ({ mock }) => {
    const alice = await seedTenant(mock, { name: 'alice-projects' });
    const bob = await seedTenant(mock, { name: 'bob-projects' });
    const mine = await alice.client.projects.list();
    expect(mine.data.map((p) => p.id)).toEqual([alice.project.id]);
    expect(mine.data[0]?.role).toBe('owner');
    const theirs = await bob.client.projects.list();
    expect(theirs.data.map((p) => p.id)).not.toContain(alice.project.id);
  });

  it('answers PROJECT_FORBIDDEN for a project the caller is not in, and 404 for another project’s ids', async ({
    mock,
    tenant: alice,
  }) => {
    const bob = await seedTenant(mock);
    const vm = await alice.client.instances.create({ name: 'private', flavor: 'nano', region: 'hn' });
    const intrude = await rejection(bob.client.withProject(alice.project.id).instances.list());
    expect(intrude).toBeInstanceOf(PermissionDeniedError);
    expect(intrude.code).toBe('PROJECT_FORBIDDEN');
    const peek = await rejection(bob.client.instances.retrieve(vm.id));
    expect(peek.status).toBe(404);
    expect(peek.code).toBe('NOT_FOUND');
    const list = await bob.client.instances.list();
    expect(list.data).toEqual([]);
  });

  it('answers PROJECT_HEADER_REQUIRED when a resource call has no project', async ({ mock, tenant }) => {
    const noProject = mock.createClient({ accessToken: tenant.client.session.accessToken! });
    const error = await rejection(noProject.instances.list());
    expect(error.code).toBe('PROJECT_HEADER_REQUIRED');
  });

  it('delegates a role to a member until it expires', async ({ mock, tenant: owner }) => {
    const viewer = await seedTenant(mock);
    const store = mock.server.store;
    // Membership through the state (the IAM family adds members through its own API).
    const membershipId = crypto.randomUUID();
    store.state.tables.memberships![membershipId] = {
      id: membershipId,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      project_id: owner.project.id,
      user_id: viewer.user.id,
      role: 'viewer',
    };
    store.replace(store.state);
    const asViewer = viewer.client.withProject(owner.project.id);
    expect(
      (await rejection(asViewer.instances.create({ name: 'v', flavor: 'nano', region: 'hn' }))).code,
    ).toBe('FORBIDDEN');

    const until = new Date(mock.clock.now().getTime() + 3600_000).toISOString();
    const grant = await owner.client.projects.delegate(owner.project.id, {
      user_id: viewer.user.id,
      role: 'editor',
      expires_at: until,
    });
    expect(grant).toMatchObject({ role: 'editor', user_id: viewer.user.id });
    const audit = await owner.client.auditLogs.list({ event: 'role.delegated' });
    expect(audit.data[0]).toMatchObject({
      user_id: owner.user.id,
      details: { user_id: viewer.user.id, role: 'editor' },
    });
    await expect(
      asViewer.instances.create({ name: 'v', flavor: 'nano', region: 'hn' }),
    ).resolves.toMatchObject({ name: 'v' });

    const viewerCannotDelegate = await rejection(
      viewer.client.projects.delegate(owner.project.id, { user_id: viewer.user.id, role: 'owner' }),
    );
    expect(viewerCannotDelegate.code).toBe('FORBIDDEN');

    await mock.clock.advance(3601);
    const fresh = mock.createClient({ refreshToken: viewer.client.session.refreshToken! });
    await fresh.auth.refresh();
    const expired = await rejection(
      fresh.withProject(owner.project.id).instances.create({ name: 'w', flavor: 'nano', region: 'hn' }),
    );
    expect(expired.code).toBe('FORBIDDEN');
  });
});

describe('users/me', () => {
  it('answers the caller, and 401 without a token', async ({ mock, tenant }) => {
    await expect(tenant.client.users.me()).resolves.toMatchObject({
      id: tenant.user.id,
      email: tenant.user.email,
    });
    const error = await rejection(new Nimbus({ baseUrl: mock.url, maxRetries: 0 }).users.me());
    expect(error.code).toBe('UNAUTHENTICATED');
  });
});
