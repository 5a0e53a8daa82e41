import type { StoredRecord } from '../store/state';
import { defineTable } from '../store/store';

// Tables the core itself reads to authenticate and authorise. Families own the rest.

export interface UserRow extends StoredRecord {
  email: string;
  full_name: string;
  password_hash: string;
  mfa_enabled: boolean;
  /** Base32 TOTP secret, sealed; set once enrolment starts. */
  mfa_secret_sealed: string | null;
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

export interface ProjectRow extends StoredRecord {
  name: string;
  description: string;
  owner_id: string;
}

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

export interface ApiKeyRow extends StoredRecord {
  project_id: string;
  name: string;
  role: string;
  prefix: string;
  key_hash: string;
  created_by: string;
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
