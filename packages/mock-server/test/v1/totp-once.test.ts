import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as OTPAuth from 'otpauth';
import { describe, expect } from 'vitest';
import { type MockServer, seedTenant, startMockServer } from '../../src/entries/testing';
import { it, rejection } from '../support';

/** RFC 6238 section 5.2: a code the server accepted once is refused if presented again. */

/** A tenant with MFA on: enrolment confirmed with the code of the current step. */
async function enrolled(server: MockServer) {
  const tenant = await seedTenant(server);
  const started = await tenant.client.auth.mfaEnroll();
  const totp = OTPAuth.URI.parse(started.otpauth_uri!) as OTPAuth.TOTP;
  const code = () => totp.generate({ timestamp: server.clock.now().getTime() });
  const enrolmentCode = code();
  await tenant.client.auth.mfaEnroll({ code: enrolmentCode });
  const login = (totp_code: string) =>
    server.createClient().auth.login({ email: tenant.user.email, password: tenant.user.password, totp_code });
  return { tenant, code, enrolmentCode, login };
}

describe('a TOTP code works once per user', () => {
  it('refuses the enrolment code at login, and the next step takes a new one', async ({ mock }) => {
    const { code, enrolmentCode, login } = await enrolled(mock);
    expect((await rejection(login(enrolmentCode))).code).toBe('INVALID_MFA_CODE');
    await mock.clock.advance(30);
    await expect(login(code())).resolves.toMatchObject({ user: { mfa_enabled: true } });
  });

  it('refuses a login code used before within its step, and an older step still in the window', async ({
    mock,
  }) => {
    const { code, login } = await enrolled(mock);
    await mock.clock.advance(30);
    const first = code();
    await login(first);
    expect((await rejection(login(first))).code).toBe('INVALID_MFA_CODE');
    await mock.clock.advance(30);
    // `first` is one step old: inside the ±1 window, but a later step was already used.
    expect((await rejection(login(first))).code).toBe('INVALID_MFA_CODE');
    await expect(login(code())).resolves.toMatchObject({ access_token: expect.any(String) });
  });

  it('stays used across a restart: the last accepted step is in the state file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nimbus-totp-'));
    const statePath = join(dir, 'state.json');
    try {
      const first = await startMockServer({ inMemory: false, statePath, watch: false });
      const { tenant, code, login } = await enrolled(first);
      await first.clock.advance(30);
      const used = code();
      await login(used);
      await first.close();

      const second = await startMockServer({ inMemory: false, statePath, watch: false });
      try {
        const again = await rejection(
          second
            .createClient()
            .auth.login({ email: tenant.user.email, password: tenant.user.password, totp_code: used }),
        );
        expect(again.code).toBe('INVALID_MFA_CODE');
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
