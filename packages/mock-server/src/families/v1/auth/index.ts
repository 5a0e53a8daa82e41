import { ErrorCode } from '@nimbus/sdk/contract/common';
import { auth as authEndpoints } from '@nimbus/sdk/contract/v1/auth';
import type { TOTP } from 'otpauth';
import type { FamilyModule } from '../../../core/pipeline/app';
import { type Context, defineHandlers } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import type { BufferedRequest, RequestHead } from '../../../core/pipeline/request';
import { auditLogs } from '../../../core/services/activity';
import { onFirstUse } from '../../../core/services/on-first-use';
import type { Principal } from '../../../core/services/principal';
import type { Runtime } from '../../../core/services/runtime';
import {
  hashPassword,
  newOpaqueToken,
  openSecret,
  sealSecret,
  sha256,
  unmatchablePasswordHash,
  verifyPassword,
} from '../../../core/services/secrets';
import { memberships, type SessionRow, sessions, type UserRow, users } from '../../../core/services/tables';
import { type LoginAttempt, loginThrottleOf } from './login-throttle';

/** An MFA code is valid in the current 30 s step and one either side (docs/decisions/0003-identity.md). */
const TOTP_WINDOW = 1;
const TOTP_PERIOD_SECONDS = 30;
const otpauth = onFirstUse(() => import('otpauth'));

export function requireUser(ctx: Context): UserRow {
  const principal = ctx.principal;
  if (principal?.kind !== 'user') throw HttpError.unauthenticated();
  const user = ctx.runtime.store.table(users).get(principal.userId);
  if (!user) throw HttpError.unauthenticated('User no longer exists');
  return user;
}

function audit(
  ctx: Context,
  event: string,
  outcome: 'success' | 'failure',
  userId: string | null,
  details = {},
  projectId?: string,
) {
  const now = ctx.now();
  ctx.runtime.store.table(auditLogs).insert({
    id: crypto.randomUUID(),
    created_at: now,
    updated_at: now,
    ...(projectId === undefined ? {} : { project_id: projectId }),
    user_id: userId,
    event,
    outcome,
    details,
    request_id: ctx.requestId,
  });
}

/** Issues an access token and a fresh refresh token for a session. */
async function issuePair(runtime: Runtime, user: UserRow, session: SessionRow, refreshToken: string) {
  const ttl = runtime.config.accessTokenTtlSeconds;
  const access_token = await runtime
    .tokens()
    .sign({ typ: 'access', sub: user.id, email: user.email, sid: session.id }, ttl);
  return { access_token, refresh_token: refreshToken, token_type: 'Bearer' as const, expires_in: ttl };
}

async function totpFor(secret: string, email: string): Promise<TOTP> {
  const { Secret, TOTP } = await otpauth();
  return new TOTP({
    issuer: 'Nimbus',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * Checks a TOTP code and, when it is right, uses it up: the user's last accepted step moves to
 * the code's, and a code of that step or an earlier one is refused from then on (RFC 6238
 * section 5.2), at login as at enrolment. `enable` also turns MFA on, in the same write.
 */
async function consumeTotp(ctx: Context, user: UserRow, code: string, enable = false): Promise<boolean> {
  if (!user.mfa_secret_sealed) return false;
  const secret = await openSecret(ctx.runtime.store.state.secret, user.mfa_secret_sealed);
  const now = ctx.runtime.clock.now();
  const totp = await totpFor(secret, user.email);
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
  // Read again after the awaits: a request with the same code may have used it meanwhile.
  const table = ctx.runtime.store.table(users);
  const last = table.get(user.id)?.mfa_last_step;
  if (last !== undefined && step <= last) return false;
  table.update(
    user.id,
    enable ? { mfa_last_step: step, mfa_enabled: true } : { mfa_last_step: step },
    ctx.now(),
  );
  return true;
}

/** The client's address when the server sees a connection (the Node server); none in msw. */
function clientAddressOf(ctx: Context): string | undefined {
  const request: RequestHead & Pick<BufferedRequest, 'clientAddress'> = ctx.request;
  return request.clientAddress;
}

/** Creates a session (refresh-token family) for a user and answers its first token pair. */
export async function startSession(runtime: Runtime, user: UserRow) {
  const refreshToken = newOpaqueToken('nrt');
  const now = runtime.clock.now();
  const session = runtime.store.table(sessions).insert({
    id: crypto.randomUUID(),
    created_at: runtime.clock.iso(now),
    updated_at: runtime.clock.iso(now),
    user_id: user.id,
    refresh_hash: sha256(refreshToken),
    rotated_hashes: [],
    expires_at: runtime.clock.iso(now + runtime.config.refreshTokenTtlSeconds * 1000),
    revoked_at: null,
    revoked_reason: null,
  });
  return issuePair(runtime, user, session, refreshToken);
}

export const authFamily: FamilyModule = {
  handlers: [
    ...defineHandlers(authEndpoints, {
      async register(ctx) {
        const table = ctx.runtime.store.table(users);
        if (table.byKey('email', ctx.body.email.toLowerCase())) {
          throw HttpError.conflict('A user with this email already exists', { field: 'email' });
        }
        const password_hash = await hashPassword(ctx.body.password, ctx.runtime.config.passwordCost);
        // Checked again: another registration may have finished while hashing.
        if (table.byKey('email', ctx.body.email.toLowerCase())) {
          throw HttpError.conflict('A user with this email already exists', { field: 'email' });
        }
        const now = ctx.now();
        const user = table.insert({
          id: crypto.randomUUID(),
          created_at: now,
          updated_at: now,
          email: ctx.body.email,
          full_name: ctx.body.full_name,
          password_hash,
          mfa_enabled: false,
          mfa_secret_sealed: null,
        });
        audit(ctx, 'user.registered', 'success', user.id);
        return user;
      },

      async login(ctx) {
        const email = ctx.body.email.toLowerCase();
        const throttle = loginThrottleOf(ctx.runtime);
        const attempt: LoginAttempt = { email, clientAddress: clientAddressOf(ctx) };
        const user = ctx.runtime.store.table(users).byKey('email', email);
        try {
          throttle?.check(attempt);
        } catch (error) {
          audit(ctx, 'login', 'failure', user?.id ?? null, { reason: 'rate_limited' });
          throw error;
        }
        // An unknown email is checked against a hash of the same cost, so it answers as slowly.
        const hash = user?.password_hash ?? unmatchablePasswordHash(ctx.runtime.config.passwordCost);
        const ok = (await verifyPassword(ctx.body.password, hash)) && user !== undefined;
        if (!user || !ok) {
          throttle?.failed(attempt);
          audit(ctx, 'login', 'failure', user?.id ?? null, { reason: 'invalid_credentials' });
          throw HttpError.of(ErrorCode.INVALID_CREDENTIALS, 'Wrong email or password');
        }
        if (user.mfa_enabled) {
          if (!ctx.body.totp_code) {
            audit(ctx, 'login', 'failure', user.id, { reason: 'mfa_required' });
            throw HttpError.of(ErrorCode.MFA_REQUIRED, 'This account has MFA: send totp_code');
          }
          if (!(await consumeTotp(ctx, user, ctx.body.totp_code))) {
            throttle?.failed(attempt);
            audit(ctx, 'login', 'failure', user.id, { reason: 'invalid_mfa_code' });
            throw HttpError.of(ErrorCode.INVALID_MFA_CODE, 'The TOTP code is wrong, expired or already used');
          }
        }
        throttle?.succeeded(attempt);
        const pair = await startSession(ctx.runtime, user);
        audit(ctx, 'login', 'success', user.id, { mfa: user.mfa_enabled });
        return { ...pair, user };
      },

      async refresh(ctx) {
        const table = ctx.runtime.store.table(sessions);
        const hash = sha256(ctx.body.refresh_token);
        const session = table.byKey('refresh', hash);
        if (!session) {
          const reused = table.find((s) => s.rotated_hashes.includes(hash));
          if (reused) {
            if (reused.revoked_at === null) {
              table.update(
                reused.id,
                { revoked_at: ctx.now(), revoked_reason: 'refresh_token_reused' },
                ctx.now(),
              );
              audit(ctx, 'refresh_token.reused', 'failure', reused.user_id, { session_id: reused.id });
            }
            throw HttpError.of(
              ErrorCode.REFRESH_TOKEN_REUSED,
              'Refresh token was already used; the session is revoked',
            );
          }
          throw HttpError.unauthenticated('Invalid refresh token');
        }
        if (session.revoked_at !== null) throw HttpError.unauthenticated('Session revoked');
        if (session.expires_at <= ctx.now()) throw HttpError.unauthenticated('Refresh token expired');
        const user = ctx.runtime.store.table(users).get(session.user_id);
        if (!user) throw HttpError.unauthenticated('User no longer exists');
        const next = newOpaqueToken('nrt');
        table.update(
          session.id,
          { refresh_hash: sha256(next), rotated_hashes: [...session.rotated_hashes, hash] },
          ctx.now(),
        );
        return issuePair(ctx.runtime, user, session, next);
      },

      logout(ctx) {
        const principal = ctx.principal;
        if (principal?.kind !== 'user') throw HttpError.unauthenticated();
        ctx.runtime.store
          .table(sessions)
          .update(principal.sessionId, { revoked_at: ctx.now(), revoked_reason: 'logout' }, ctx.now());
        audit(ctx, 'logout', 'success', principal.userId);
        return { revoked: true as const };
      },

      async mfaEnroll(ctx) {
        const user = requireUser(ctx);
        const table = ctx.runtime.store.table(users);
        const code = ctx.body?.code;
        if (code === undefined) {
          if (user.mfa_enabled) return { enabled: true };
          const { Secret } = await otpauth();
          const secret = new Secret({ size: 20 }).base32;
          table.update(
            user.id,
            { mfa_secret_sealed: await sealSecret(ctx.runtime.store.state.secret, secret) },
            ctx.now(),
          );
          audit(ctx, 'mfa.enrollment_started', 'success', user.id);
          return { enabled: false, secret, otpauth_uri: (await totpFor(secret, user.email)).toString() };
        }
        if (user.mfa_enabled) return { enabled: true };
        if (!user.mfa_secret_sealed) {
          throw HttpError.invalidState('Start enrolment (without a code) before confirming it');
        }
        if (!(await consumeTotp(ctx, user, code, true))) {
          audit(ctx, 'mfa.enable', 'failure', user.id);
          throw HttpError.of(ErrorCode.INVALID_MFA_CODE, 'The TOTP code is wrong, expired or already used');
        }
        audit(ctx, 'mfa.enabled', 'success', user.id);
        return { enabled: true };
      },

      async workloadToken(ctx) {
        const user = requireUser(ctx);
        const principal = ctx.principal as Extract<Principal, { kind: 'user' }>;
        const member = ctx.runtime.store
          .table(memberships)
          .byKey('member', `${ctx.body.project_id}:${user.id}`);
        if (!member) throw HttpError.of(ErrorCode.PROJECT_FORBIDDEN, 'Project not found or not accessible');
        const token = await ctx.runtime.tokens().sign(
          {
            typ: 'workload',
            sub: user.id,
            sid: principal.sessionId,
            tenant_id: ctx.body.project_id,
            scope: [...new Set(ctx.body.scopes)].join(' '),
          },
          ctx.body.ttl_seconds,
        );
        // An event of the project the token is for: its audit log shows it, and no other's.
        const details = { project_id: ctx.body.project_id, scopes: ctx.body.scopes };
        audit(ctx, 'workload_token.issued', 'success', user.id, details, ctx.body.project_id);
        return { token, token_type: 'Bearer' as const, expires_in: ctx.body.ttl_seconds };
      },
    }),
  ],
};
