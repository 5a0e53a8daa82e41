import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { pollUntil, type WaitOptions } from '../../core/wait';
import { v1 } from '../../generated/routes';
import type {
  Database,
  DatabaseCreateParams,
  DatabaseFailoverParams,
  DatabaseListParams,
  DatabasePool,
  DatabasePoolUpdateParams,
  DatabaseReplica,
  DatabaseReplicaCreateParams,
  DatabaseReplicaListParams,
  DatabaseStatus,
} from '../../generated/types';

/** The connection pool of a database (`/api/v1/databases/{id}/pool`). */
export class DatabasePools extends APIResource {
  /** The pool configuration; the default (`is_default: true`) until one is set. */
  retrieve(databaseId: string, options?: RequestOptions): APIPromise<DatabasePool> {
    return this._client.call(v1.databases.pool.retrieve, { params: { id: databaseId } }, options);
  }

  /**
   * Sets the pool; fields left out keep their value. `max_connections` is bounded by the tier
   * (basic 100, general_purpose 1000, memory_optimized 5000) and `min_idle` by `max_connections`.
   *
   * @example
   * await client.databases.pool.update(db.id, { mode: 'session', max_connections: 200, min_idle: 20 });
   */
  update(
    databaseId: string,
    body: DatabasePoolUpdateParams,
    options?: RequestOptions,
  ): APIPromise<DatabasePool> {
    return this._client.call(v1.databases.pool.update, { params: { id: databaseId }, body }, options);
  }
}

/** Read replicas of a database (`/api/v1/databases/{id}/replicas`). */
export class DatabaseReplicas extends APIResource {
  /** Replicas of the database, oldest first, filtered by `status` or `region`. */
  list(
    databaseId: string,
    query?: DatabaseReplicaListParams,
    options?: RequestOptions,
  ): PagePromise<DatabaseReplica> {
    return this._client.list(v1.databases.replicas.list, { params: { id: databaseId }, query }, options);
  }

  /**
   * Adds a read replica to an `available` database (at most 5); it is `provisioning`, then `available`.
   *
   * @example
   * const replica = await client.databases.replicas.create(db.id, { region: 'hcm' });
   */
  create(
    databaseId: string,
    body: DatabaseReplicaCreateParams,
    options?: RequestOptions,
  ): APIPromise<DatabaseReplica> {
    return this._client.call(v1.databases.replicas.create, { params: { id: databaseId }, body }, options);
  }
}

/** Managed SQL databases of the client's project (`/api/v1/databases`). */
export class Databases extends APIResource {
  readonly pool = new DatabasePools(this._client);
  readonly replicas = new DatabaseReplicas(this._client);

  /** Databases of the project, oldest first, filtered by `status`, `engine`, `tier`, `region` or `name`. */
  list(query?: DatabaseListParams, options?: RequestOptions): PagePromise<Database> {
    return this._client.list(v1.databases.list, { query }, options);
  }

  /**
   * Creates a database; it is `provisioning`, then `available`. `version` must be one the
   * engine offers (postgres 14-17, mysql 8.0/8.4, sqlserver 2019/2022); `admin_password` is
   * write-only.
   *
   * @example
   * const db = await client.databases.create({ name: 'orders', engine: 'postgres', version: '16', region: 'hn' });
   * await client.databases.waitFor(db.id, 'available');
   */
  create(body: DatabaseCreateParams, options?: RequestOptions): APIPromise<Database> {
    return this._client.call(v1.databases.create, { body }, options);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<Database> {
    return this._client.call(v1.databases.retrieve, { params: { id } }, options);
  }

  /** Deletes the database with its replicas and pool configuration. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.databases.delete, { params: { id } }, options);
  }

  /**
   * Fails over to a read replica (`replica_id`, default the oldest available one):
   * `available -> failing_over -> available`. The replica and the primary swap roles: the
   * database's `primary_region` becomes the replica's region and the replica record moves to
   * the region the primary left.
   *
   * @example
   * const db = await client.databases.failover(id);
   * console.log(db.primary_region, db.failover_count);
   */
  failover(id: string, body?: DatabaseFailoverParams, options?: RequestOptions): APIPromise<Database> {
    return this._client.call(v1.databases.failover, { params: { id }, body }, options);
  }

  /**
   * Polls the database until its status is `status` (or one of several), and returns it.
   *
   * @throws WaitTimeoutError after `timeoutMs` (default 5 minutes).
   */
  waitFor(
    id: string,
    status: DatabaseStatus | DatabaseStatus[],
    options: WaitOptions = {},
  ): Promise<Database> {
    const wanted = Array.isArray(status) ? status : [status];
    return pollUntil(
      () => this.retrieve(id, { signal: options.signal }),
      (database) => wanted.includes(database.status),
      `database ${id} to be ${wanted.join(' or ')}`,
      options,
    );
  }
}
