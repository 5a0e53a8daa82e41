import type { DatabaseEngine, DatabaseStatus, DatabaseTier, ReplicaStatus } from '@nimbus/sdk/contract';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';

export interface DatabaseRow extends StoredRecord {
  project_id: string;
  name: string;
  engine: DatabaseEngine;
  version: string;
  tier: DatabaseTier;
  storage_gb: number;
  region: string;
  primary_region: string;
  high_availability: boolean;
  admin_username: string;
  admin_password_set: boolean;
  status: DatabaseStatus;
  host: string;
  port: number;
  failover_count: number;
  last_failover_at: string | null;
  last_failover: { from_region: string; to_region: string; replica_id: string } | null;
}

export interface ReplicaRow extends StoredRecord {
  project_id: string;
  database_id: string;
  name: string;
  region: string;
  source_region: string;
  status: ReplicaStatus;
  host: string;
  role_swapped_at: string | null;
}

/** A pool configuration that was PUT; id = the database id (a database without one uses the default). */
export interface PoolRow extends StoredRecord {
  project_id: string;
  mode: 'session' | 'transaction';
  max_connections: number;
  min_idle: number;
  idle_timeout_sec: number;
}

/**
 * The administrator password hash, apart from the database row so that neither responses
 * nor the `sql.database.*` events (which carry the whole row) ever hold it. id = the database id.
 */
export interface CredentialRow extends StoredRecord {
  project_id: string;
  password_hash: string;
}

export const databases = defineTable<DatabaseRow>('databases');
export const databaseReplicas = defineTable<ReplicaRow>('database_replicas');
export const databasePools = defineTable<PoolRow>('database_pools');
export const databaseCredentials = defineTable<CredentialRow>('database_credentials');

export const DATABASE_TYPE = 'sql.database';
export const REPLICA_TYPE = 'sql.database_replica';
