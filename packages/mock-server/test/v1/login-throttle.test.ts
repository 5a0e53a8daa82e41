import { RateLimitError } from '@nimbus/sdk';
import * as OTPAuth from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_THROTTLE } from '../../src/core/services/config';
import { type MockServer, seedTenant, startMockServer } from '../../src/entries/testing';
import { LoginThrottle, MAX_TRACKED_KEYS } from '../../src/families/v1/auth/login-throttle';
import { type Failure, rejection } from '../support';

const { maxFailures, maxFailuresPerAddress, windowSeconds } = DEFAULT_LOGIN_THROTTLE;

// A server per test: every test logs in from 127.0.0.1, and the address has a count of its own.
let mock: MockServer;
beforeEach(async () => {
  mock = await startMockServer();
});
afterEach(() => mock.close());

const login = (email: string, password: string, totp_code?: string) =>
  mock.createClient().auth.login({ email, password, ...(totp_code && { totp_code }) });

async function failTimes(times: number, email: (i: number) => string, password = 'wrong-password') {
  for (let i = 0; i < times; i++) {
    expect((await rejection(login(email(i), password))).code).toBe('INVALID_CREDENTIALS');
  }
}

function expectThrottled(error: Failure, atMostSeconds = windowSeconds): void {
  expect(error).toBeInstanceOf(RateLimitError);
  expect(error.code).toBe('RATE_LIMITED');
  const retryAfter = Number((error as RateLimitError).headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(atMostSeconds);
}

describe('failed logins are throttled', () => {
  it(`per account: after ${maxFailures} wrong passwords, 429 with Retry-After, even for the right one, until the window ends`, async () => {
    const { user } = await seedTenant(mock);
    await failTimes(maxFailures, () => user.email);
    expectThrottled(await rejection(login(user.email, user.password)));
    // The same account in another case is the same account.
    expectThrottled(await rejection(login(user.email.toUpperCase(), user.password)));
    // Simulated time: the window ends when the clock passes it.
    await mock.clock.advance(windowSeconds);
    await expect(login(user.email, user.password)).resolves.toMatchObject({ user: { id: user.id } });
  });

  it('counts an unknown email as it counts a known one, so the throttle tells nothing about which exist', async () => {
    const unknown = 'nobody-here@example.com';
    await failTimes(maxFailures, () => unknown);
    expectThrottled(await rejection(login(unknown, 'wrong-password')));
  });

  it("clears an account's count on a successful login", async () => {
    const { user } = await seedTenant(mock);
    await failTimes(maxFailures - 1, () => user.email);
    await login(user.email, user.password);
    await failTimes(maxFailures - 1, () => user.email);
    await expect(login(user.email, user.password)).resolves.toBeDefined();
  });

  it('counts wrong TOTP codes as failures', async () => {
    const { client, user } = await seedTenant(mock);
    const started = await client.auth.mfaEnroll();
    const totp = OTPAuth.URI.parse(started.otpauth_uri!) as OTPAuth.TOTP;
    await client.auth.mfaEnroll({ code: totp.generate({ timestamp: mock.clock.now().getTime() }) });
    await mock.clock.advance(30);
    const right = totp.generate({ timestamp: mock.clock.now().getTime() });
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < maxFailures; i++) {
      expect((await rejection(login(user.email, user.password, wrong))).code).toBe('INVALID_MFA_CODE');
    }
    expectThrottled(await rejection(login(user.email, user.password, right)));
  });

  it(`per client address: after ${maxFailuresPerAddress} failures over any emails, 429 for every account from it`, async () => {
    const { user } = await seedTenant(mock);
    await failTimes(maxFailuresPerAddress, (i) => `spray-${i}@example.com`);
    expectThrottled(await rejection(login(user.email, user.password)));
  });

  it('counts per account alone where no address is known (in-process fetch, msw)', async () => {
    const inProcess = (email: string) =>
      mock.server.app.fetch(
        new Request(`${mock.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'wrong-password' }),
        }),
      );
    for (let i = 0; i < maxFailuresPerAddress + 10; i++) {
      expect((await inProcess(`spray-${i}@example.com`)).status).toBe(401);
    }
    for (let i = 0; i < maxFailures; i++) expect((await inProcess('one@example.com')).status).toBe(401);
    expect((await inProcess('one@example.com')).status).toBe(429);
  });

  it('is off with loginThrottle: false (load tests; `nimbus mock start --no-login-throttle`)', async () => {
    const open = await startMockServer({ loginThrottle: false });
    try {
      const { user } = await seedTenant(open);
      for (let i = 0; i < 60; i++) {
        const failure = await rejection(
          open.createClient().auth.login({ email: user.email, password: 'wrong-password' }),
        );
        expect(failure.code).toBe('INVALID_CREDENTIALS');
      }
      await expect(
        open.createClient().auth.login({ email: user.email, password: user.password }),
      ).resolves.toBeDefined();
    } finally {
      await open.close();
    }
  });
});

describe('the throttle keeps a bounded number of keys', () => {
  it(`drops the least recently failed key past ${MAX_TRACKED_KEYS}`, () => {
    const now = 0;
    const throttle = new LoginThrottle({ ...DEFAULT_LOGIN_THROTTLE, maxFailures: 1 }, () => now);
    throttle.failed({ email: 'target@example.com' });
    expect(() => throttle.check({ email: 'target@example.com' })).toThrow('Too many failed logins');
    for (let i = 0; i < MAX_TRACKED_KEYS - 1; i++) throttle.failed({ email: `other-${i}@example.com` });
    // At the cap, the target is still counted; one more key drops it.
    expect(() => throttle.check({ email: 'target@example.com' })).toThrow('Too many failed logins');
    throttle.failed({ email: 'one-more@example.com' });
    expect(() => throttle.check({ email: 'target@example.com' })).not.toThrow();
    expect(() => throttle.check({ email: 'one-more@example.com' })).toThrow('Too many failed logins');
  });
});
