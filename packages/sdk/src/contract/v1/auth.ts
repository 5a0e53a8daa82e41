import * as z from 'zod';
import { Email, RecordBase, TRIMMED_PATTERN, Uuid } from '../common';
import { endpoint } from '../define';
import { secret } from '../secrets';

export const User = RecordBase.extend({
  email: z.email(),
  full_name: z.string(),
  mfa_enabled: z.boolean(),
});

export const AuthRegisterBody = z.object({
  email: Email,
  password: secret(z.string().min(8, { error: 'must be at least 8 characters' }).max(256)),
  full_name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe('1..200 characters; surrounding whitespace is trimmed')
    .meta({ pattern: TRIMMED_PATTERN }),
});

export const AuthLoginBody = z.object({
  email: Email,
  password: secret(z.string().min(1).max(256)),
  totp_code: secret(z.string().regex(/^\d{6}$/, { error: 'must be 6 digits' }))
    .optional()
    .describe('Current TOTP code; required once MFA is enabled'),
});

export const TokenPair = z.object({
  access_token: secret(z.string()).describe('JWT (HS256), 15 minutes by default'),
  refresh_token: secret(z.string()).describe('Opaque; single use (rotated on refresh)'),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().nonnegative().describe('Seconds until the access token expires'),
});

export const LoginResult = TokenPair.extend({ user: User });

export const AuthRefreshBody = z.object({ refresh_token: secret(z.string().min(1).max(512)) });

export const AuthMfaEnrollBody = z.object({
  code: secret(z.string().regex(/^\d{6}$/, { error: 'must be 6 digits' }))
    .optional()
    .describe('Omit to start enrolment; send the current code to enable MFA'),
});

export const MfaEnrollment = z.object({
  enabled: z.boolean(),
  secret: secret(z.string()).optional().describe('Base32 TOTP secret, only while enrolment is pending'),
  otpauth_uri: secret(z.string()).optional(),
});

export const WorkloadScope = z.enum(['cameras:read', 'cameras:write', 'events:read', 'playback:read']);

export const AuthWorkloadTokenBody = z.object({
  project_id: Uuid,
  scopes: z.array(WorkloadScope).min(1).max(8),
  ttl_seconds: z.number().int().min(60).max(86_400).default(3600),
});

export const WorkloadToken = z.object({
  token: secret(z.string()),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().nonnegative(),
});

export const auth = {
  register: endpoint({
    method: 'POST',
    path: '/api/v1/auth/register',
    family: 'auth',
    summary: 'Register a user',
    body: AuthRegisterBody,
    response: User,
    status: 201,
    auth: 'none',
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/v1/auth/login',
    family: 'auth',
    summary: 'Log in with email and password (and TOTP code when MFA is on)',
    body: AuthLoginBody,
    response: LoginResult,
    status: 200,
    auth: 'none',
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/v1/auth/refresh',
    family: 'auth',
    summary: 'Exchange a refresh token for a new pair (rotation; reuse revokes the session)',
    body: AuthRefreshBody,
    response: TokenPair,
    status: 200,
    auth: 'none',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/v1/auth/logout',
    family: 'auth',
    summary: "Revoke the caller's session: its refresh token and access tokens",
    response: z.object({ revoked: z.literal(true) }),
    status: 200,
    auth: 'bearer',
  }),
  mfaEnroll: endpoint({
    method: 'POST',
    path: '/api/v1/auth/mfa/enroll',
    family: 'auth',
    summary: 'Start TOTP enrolment, or confirm it with a code',
    body: AuthMfaEnrollBody,
    bodyOptional: true,
    response: MfaEnrollment,
    status: 200,
    auth: 'bearer',
  }),
  workloadToken: endpoint({
    method: 'POST',
    path: '/api/v1/auth/workload-token',
    family: 'auth',
    summary: 'Issue a workload token for a project (the /v2 tenant)',
    body: AuthWorkloadTokenBody,
    response: WorkloadToken,
    status: 200,
    auth: 'bearer',
  }),
};

export type User = z.infer<typeof User>;
export type TokenPair = z.infer<typeof TokenPair>;
export type LoginResult = z.infer<typeof LoginResult>;
