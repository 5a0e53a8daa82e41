// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Database, DatabaseCreateParams, DatabaseFailoverParams, DatabaseListParams, DatabasePool, DatabasePoolUpdateParams, DatabaseReplica, DatabaseReplicaCreateParams, DatabaseReplicaListParams } from '../../types';

/** The connection pool of a database. */
export class DatabasePools extends APIResource {
  /** Get the connection pool configuration (the default until one is PUT). */
  retrieve(databaseId: string, options?: RequestOptions): APIPromise<DatabasePool> {
    return this._client.call(v1.databases.pool.retrieve, { params: { id: databaseId } }, options);
  }

  /**
   * Set the connection pool configuration.
   *
   * Fields left out keep their current value; the result must keep min_idle <= max_connections.
   *
   * @example
   * await client.databases.pool.update(db.id, { mode: 'session', max_connections: 200, min_idle: 20 });
   */
  update(databaseId: string, body: DatabasePoolUpdateParams, options?: RequestOptions): APIPromise<DatabasePool> {
    return this._client.call(v1.databases.pool.update, { params: { id: databaseId }, body }, options);
  }
}

/** Read replicas of a database. */
export class DatabaseReplicas extends APIResource {
  /** List the read replicas of a database. */
  list(databaseId: string, query?: DatabaseReplicaListParams, options?: RequestOptions): PagePromise<DatabaseReplica> {
    return this._client.list(v1.databases.replicas.list, { params: { id: databaseId }, query }, options);
  }

  /**
   * Add a read replica (provisioning -> available); at most 5, from an available primary.
   *
   * @example
   * const replica = await client.databases.replicas.create(db.id, { region: 'hcm' });
   */
  create(databaseId: string, body: DatabaseReplicaCreateParams, options?: RequestOptions): APIPromise<DatabaseReplica> {
    return this._client.call(v1.databases.replicas.create, { params: { id: databaseId }, body }, options);
  }
}

/** Managed SQL databases: create, scale out with replicas, fail over. */
export class DatabasesBase extends APIResource {
  readonly pool = new DatabasePools(this._client);
  readonly replicas = new DatabaseReplicas(this._client);

  /** List managed databases. */
  list(query?: DatabaseListParams, options?: RequestOptions): PagePromise<Database> {
    return this._client.list(v1.databases.list, { query }, options);
  }

  /**
   * Create a managed database (provisioning -> available).
   *
   * @example
   * const db = await client.databases.create({ name: 'orders', engine: 'postgres', version: '16', region: 'hn' });
   * await client.databases.waitFor(db.id, 'available');
   */
  create(body: DatabaseCreateParams, options?: RequestOptions): APIPromise<Database> {
    return this._client.call(v1.databases.create, { body }, options);
  }

  /** Get a database. */
  retrieve(id: string, options?: RequestOptions): APIPromise<Database> {
    return this._client.call(v1.databases.retrieve, { params: { id } }, options);
  }

  /** Delete a database with its read replicas and pool configuration. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.databases.delete, { params: { id } }, options);
  }

  /**
   * Fail over to a read replica (available -> failing_over -> available).
   *
   * Needs an available replica. The chosen replica and the primary swap roles: the database keeps
   * its id and host, its primary_region becomes the replica region, failover_count and
   * last_failover_at change, and the replica record now describes the former primary (its region
   * becomes the region the primary left).
   *
   * @example
   * const db = await client.databases.failover(id);
   * console.log(db.primary_region, db.failover_count);
   */
  failover(id: string, body?: DatabaseFailoverParams, options?: RequestOptions): APIPromise<Database> {
    return this._client.call(v1.databases.failover, { params: { id }, body }, options);
  }
}
