import { AuthenticationError, BadRequestError, ConflictError } from '@nimbus/sdk';
import { decodeJwt } from 'jose';
import { describe, expect } from 'vitest';
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
