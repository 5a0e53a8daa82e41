import type { DatabasePool, v1 } from '@nimbus/sdk/contract';
import { DEFAULT_POOL, TIER_MAX_CONNECTIONS } from '@nimbus/sdk/contract/v1/databases';
import type { Context } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { type DatabaseRow, databasePools, type PoolRow } from './tables';

/** The pool of a database as the API shows it: the stored one, or the default until one is PUT. */
export function poolView(database: DatabaseRow, stored: PoolRow | undefined): DatabasePool {
  const limit = TIER_MAX_CONNECTIONS[database.tier];
  const config = stored ?? DEFAULT_POOL;
  return {
    database_id: database.id,
    mode: config.mode,
    max_connections: config.max_connections,
    min_idle: config.min_idle,
    idle_timeout_sec: config.idle_timeout_sec,
    max_connections_limit: limit,
    is_default: stored === undefined,
    updated_at: stored?.updated_at ?? null,
  };
}

/** Merges a PUT over the current configuration and checks the result as a whole. */
export function updatePool(
  ctx: Context<typeof v1.databases.pool.update>,
  database: DatabaseRow,
): DatabasePool {
  const table = ctx.runtime.store.table(databasePools);
  const stored = table.get(database.id);
  const current = poolView(database, stored);
  const next = {
    mode: ctx.body.mode ?? current.mode,
    max_connections: ctx.body.max_connections ?? current.max_connections,
    min_idle: ctx.body.min_idle ?? current.min_idle,
    idle_timeout_sec: ctx.body.idle_timeout_sec ?? current.idle_timeout_sec,
  };
  const problems: { path: string; message: string }[] = [];
  if (next.max_connections > current.max_connections_limit) {
    problems.push({
      path: 'body.max_connections',
      message: `must be at most ${current.max_connections_limit} on the ${database.tier} tier`,
    });
  }
  if (next.min_idle > next.max_connections) {
    problems.push({
      path: 'body.min_idle',
      message: `must be at most max_connections (${next.max_connections})`,
    });
  }
  if (problems.length > 0)
    throw HttpError.validation(problems, `${problems[0]!.path}: ${problems[0]!.message}`);
  const now = ctx.now();
  const row = stored
    ? table.update(stored.id, next, now)
    : table.insert({
        ...next,
        id: database.id,
        project_id: database.project_id,
        created_at: now,
        updated_at: now,
      });
  return poolView(database, row);
}
