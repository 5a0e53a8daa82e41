import type { Database, DatabaseReplica } from '@nimbus/sdk/contract';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';

/** replica_count is not stored: each answer counts the database's replica rows. */
export type DatabaseRow = Omit<Database, 'replica_count'> & StoredRecord;

export type ReplicaRow = DatabaseReplica & StoredRecord;

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
