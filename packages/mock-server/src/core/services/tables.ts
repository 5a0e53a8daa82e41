import type { ApiKey, Project, User } from '@nimbus/sdk/contract';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

// Tables the core itself reads to authenticate and authorise. Families own the rest.

export interface UserRow extends User, StoredRecord {
  password_hash: string;
  /** Base32 TOTP secret, sealed; set once enrolment starts. */
  mfa_secret_sealed: string | null;
  /**
   * The 30 s step of the last TOTP code accepted (enrolment or login): a code of that step or an
   * earlier one is refused, so each code works once (RFC 6238 section 5.2). Absent before the first.
   */
  mfa_last_step?: number;
}

/** A login session: one refresh-token family. */
export interface SessionRow extends StoredRecord {
  user_id: string;
  /** SHA-256 of the live refresh token. */
  refresh_hash: string;
  /** Hashes of rotated (dead) refresh tokens, kept to detect reuse. */
  rotated_hashes: string[];
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

/** `role` is not stored: it is the caller's, from their membership. */
export type ProjectRow = Omit<Project, 'role'> & StoredRecord;

export interface MembershipRow extends StoredRecord {
  project_id: string;
  user_id: string;
  role: string;
}

export interface RoleRow extends StoredRecord {
  project_id: string;
  name: string;
  description: string;
  permissions: string[];
}

export interface DelegationRow extends StoredRecord {
  project_id: string;
  user_id: string;
  role: string;
  granted_by: string;
  expires_at: string | null;
}

/** `expires_at` is left to iam/keys.ts: keys made before expiry existed, or by a seed, have none. */
export interface ApiKeyRow extends Omit<ApiKey, 'expires_at'>, StoredRecord {
  project_id: string;
  /** SHA-256 of the key; the key itself is shown once and never stored. */
  key_hash: string;
  last_used_at: string | null;
}

export const users = defineTable<UserRow>('users', { unique: { email: (u) => u.email.toLowerCase() } });
export const sessions = defineTable<SessionRow>('sessions', {
  unique: { refresh: (s) => s.refresh_hash },
});
export const projects = defineTable<ProjectRow>('projects');
export const memberships = defineTable<MembershipRow>('memberships', {
  unique: { member: (m) => `${m.project_id}:${m.user_id}` },
});
export const roles = defineTable<RoleRow>('roles', { unique: { name: (r) => `${r.project_id}:${r.name}` } });
export const delegations = defineTable<DelegationRow>('delegations');
export const apiKeys = defineTable<ApiKeyRow>('api_keys', { unique: { hash: (k) => k.key_hash } });
