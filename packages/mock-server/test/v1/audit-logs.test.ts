import { AuthenticationError } from '@nimbus/sdk';
import { decodeJwt } from 'jose';
import * as OTPAuth from 'otpauth';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { failedPaths, it, memberWithRole, rejection } from '../support';

/** A 6-digit code that is valid neither now nor one step either side. */
function wrongCode(totp: OTPAuth.TOTP, at: number): string {
  const valid = new Set([-30_000, 0, 30_000].map((delta) => totp.generate({ timestamp: at + delta })));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

describe('MFA end to end', () => {
  it('enroll, confirm, then login needs the code: MFA_REQUIRED, INVALID_MFA_CODE, ok; audit logs show it', async ({
    mock,
    tenant,
  }) => {
    const started = await tenant.client.auth.mfaEnroll();
    expect(started.enabled).toBe(false);
    const totp = OTPAuth.URI.parse(started.otpauth_uri!) as OTPAuth.TOTP;
    expect(totp.secret.base32).toBe(started.secret);

    const now = () => mock.clock.now().getTime();
    await expect(
      tenant.client.auth.mfaEnroll({ code: totp.generate({ timestamp: now() }) }),
    ).resolves.toEqual({
      enabled: true,
    });

    // The enrolment code is used up: login takes the next step's.
    await mock.clock.advance(30);
    const login = mock.createClient();
    const credentials = { email: tenant.user.email, password: tenant.user.password };
    const required = await rejection(login.auth.login(credentials));
    expect(required).toBeInstanceOf(AuthenticationError);
    expect(required.code).toBe('MFA_REQUIRED');
    const wrong = await rejection(login.auth.login({ ...credentials, totp_code: wrongCode(totp, now()) }));
    expect(wrong.code).toBe('INVALID_MFA_CODE');
    const ok = await login.auth.login({ ...credentials, totp_code: totp.generate({ timestamp: now() }) });
    expect(ok.user.mfa_enabled).toBe(true);

    const events = (await tenant.client.auditLogs.list({ user_id: tenant.user.id, per_page: 100 })).data;
    expect(events.map((e) => [e.event, e.outcome, e.details.reason ?? null])).toEqual([
      ['user.registered', 'success', null],
      ['login', 'success', null],
      ['mfa.enrollment_started', 'success', null],
      ['mfa.enabled', 'success', null],
      ['login', 'failure', 'mfa_required'],
      ['login', 'failure', 'invalid_mfa_code'],
      ['login', 'success', null],
    ]);
    expect(events.every((e) => e.project_id === null)).toBe(true);
    const failures = await tenant.client.auditLogs.list({ event: 'login', outcome: 'failure' });
    expect(failures.total).toBe(2);
    // The secret never reaches the audit trail.
    expect(JSON.stringify(events)).not.toContain(started.secret!);
  });
});

describe('workload token', () => {
  it('is a JWT with typ workload, the project as tenant_id and the scopes', async ({ tenant }) => {
    const issued = await tenant.client.auth.workloadToken({
      project_id: tenant.project.id,
      scopes: ['cameras:read', 'events:read'],
    });
    expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const claims = decodeJwt(issued.token);
    expect(claims).toMatchObject({
      typ: 'workload',
      tenant_id: tenant.project.id,
      scope: 'cameras:read events:read',
      sub: tenant.user.id,
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    const audit = await tenant.client.auditLogs.list({ event: 'workload_token.issued' });
    expect(audit.data[0]!.details).toMatchObject({ project_id: tenant.project.id });
  });
});

describe('audit log visibility', () => {
  it("shows project events and the caller's own account events, never other members' or other projects'", async ({
    mock,
    tenant: owner,
  }) => {
    const stranger = await seedTenant(mock);
    const { tenant: member } = await memberWithRole(mock, owner, 'viewer');
    await owner.client.iam.roles.create({ name: 'reader', permissions: ['*:read'] });
    await stranger.client.iam.roles.create({ name: 'reader', permissions: ['*:read'] });
    // A workload token the member takes for their own project is not this project's business.
    await member.client.auth.workloadToken({ project_id: member.project.id, scopes: ['events:read'] });

    const rows = (await owner.client.auditLogs.list({ per_page: 100 })).data;
    const users = new Set(rows.map((r) => r.user_id));
    expect(users.has(stranger.user.id)).toBe(false);
    expect(users.has(member.user.id)).toBe(false);
    expect(rows.filter((r) => r.project_id === null).map((r) => [r.user_id, r.event])).toEqual([
      [owner.user.id, 'user.registered'],
      [owner.user.id, 'login'],
    ]);
    expect(rows.filter((r) => r.event === 'role.created')).toHaveLength(1);
    expect(rows.find((r) => r.event === 'member.added')).toMatchObject({
      project_id: owner.project.id,
      user_id: owner.user.id,
      details: { member_id: member.user.id, role: 'viewer' },
    });
    expect(rows.some((r) => r.event === 'workload_token.issued')).toBe(false);
    // Rows are oldest first.
    const times = rows.map((r) => r.created_at);
    expect([...times].sort()).toEqual(times);
  });

  it("never shows a member's account events to the owner of a project they were added to", async ({
    mock,
    tenant: alice,
  }) => {
    const bob = await seedTenant(mock);
    // Bob adds Alice by email, then watches his project's audit log while Alice goes on using her account.
    await bob.client.iam.users.create({ email: alice.user.email, role: 'viewer' });
    const anonymous = mock.createClient();
    await rejection(anonymous.auth.login({ email: alice.user.email, password: 'not-her-password' }));
    await anonymous.auth.login({ email: alice.user.email, password: alice.user.password });
    await alice.client.auth.mfaEnroll();

    const seenByBob = (await bob.client.auditLogs.list({ per_page: 100 })).data;
    expect(seenByBob.filter((r) => r.user_id === alice.user.id)).toEqual([]);
    expect((await bob.client.auditLogs.list({ user_id: alice.user.id })).total).toBe(0);
    // The membership itself is Bob's project's business.
    expect(seenByBob.find((r) => r.event === 'member.added')?.details).toMatchObject({
      member_id: alice.user.id,
    });
    // Alice still reads her own account's events, in her project as in Bob's.
    const ownEvents = ['user.registered', 'login', 'login', 'login', 'mfa.enrollment_started'];
    for (const client of [alice.client, alice.client.withProject(bob.project.id)]) {
      const own = (await client.auditLogs.list({ user_id: alice.user.id, per_page: 100 })).data;
      expect(own.filter((r) => r.project_id === null).map((r) => r.event)).toEqual(ownEvents);
    }
  });

  it('filters by time and pages', async ({ mock, tenant: owner }) => {
    const before = mock.clock.now().toISOString();
    await mock.clock.advance(60);
    const cut = mock.clock.now().toISOString();
    for (const name of ['r1', 'r2', 'r3']) {
      await owner.client.iam.roles.create({ name, permissions: ['dns:read'] });
      await mock.clock.advance(1); // distinct creation times: ties would fall back to random ids
    }

    const recent = await owner.client.auditLogs.list({ from: cut });
    expect(recent.data.map((r) => r.details.name)).toEqual(['r1', 'r2', 'r3']);
    const old = await owner.client.auditLogs.list({ to: before });
    expect(old.data.some((r) => r.event === 'role.created')).toBe(false);
    const page = await owner.client.auditLogs.list({ event: 'role.created', per_page: 2, page: 2 });
    expect(page).toMatchObject({ total: 3, page: 2 });
    expect(page.data.map((r) => r.details.name)).toEqual(['r3']);
    expect(await failedPaths(owner.client.auditLogs.list({ outcome: 'maybe' as 'success' }))).toEqual([
      'query.outcome',
    ]);
    expect(await failedPaths(owner.client.auditLogs.list({ from: 'yesterday' }))).toEqual(['query.from']);
  });
});
