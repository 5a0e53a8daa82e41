import type { v1 } from '@nimbus/sdk/contract';
import { MAX_REPLICAS } from '@nimbus/sdk/contract/v1/databases';
import type { Context } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { assertState, createInProject, emit } from '../../../core/pipeline/resources';
import {
  DATABASE_TYPE,
  type DatabaseRow,
  databaseReplicas,
  databases,
  REPLICA_TYPE,
  type ReplicaRow,
} from './tables';

export function replicasOf(ctx: Context, databaseId: string): ReplicaRow[] {
  return ctx.runtime.store.table(databaseReplicas).filter((r) => r.database_id === databaseId, ctx.projectId);
}

/** A new read replica of an available primary (at most MAX_REPLICAS), provisioning -> available. */
export function createReplica(
  ctx: Context<typeof v1.databases.replicas.create>,
  database: DatabaseRow,
): ReplicaRow {
  assertState(database, ['available'], 'add a read replica');
  const siblings = replicasOf(ctx, database.id);
  if (siblings.length >= MAX_REPLICAS) {
    throw HttpError.conflict(`A database has at most ${MAX_REPLICAS} read replicas`, { limit: MAX_REPLICAS });
  }
  const taken = new Set(siblings.map((r) => r.name));
  if (ctx.body.name !== undefined && taken.has(ctx.body.name)) {
    throw HttpError.conflict(`Replica name ${ctx.body.name} is already used by this database`, {
      field: 'name',
    });
  }
  let name = ctx.body.name;
  for (let n = siblings.length + 1; name === undefined; n++) {
    const candidate = `${database.name}-replica-${n}`;
    if (!taken.has(candidate)) name = candidate;
  }
  const id = crypto.randomUUID();
  const record = createInProject(
    ctx,
    databaseReplicas,
    {
      database_id: database.id,
      name,
      region: ctx.body.region,
      source_region: database.primary_region,
      status: 'provisioning',
      host: `${name}-${id.slice(0, 8)}.ro.db.nimbus.internal`,
      role_swapped_at: null,
    },
    { type: REPLICA_TYPE, quota: false },
  );
  ctx.runtime.lifecycle.plan(databaseReplicas, record, ['available']);
  return record;
}

/**
 * Manual failover: the chosen replica and the primary swap roles. The database keeps its id
 * and host (clients reconnect to the same name); its primary moves to the replica's region,
 * and the replica record now stands for the former primary, in the region the primary left.
 */
export function failover(ctx: Context<typeof v1.databases.failover>, database: DatabaseRow): DatabaseRow {
  assertState(database, ['available'], 'fail over');
  const replica = chooseReplica(ctx, database);
  const from = database.primary_region;
  const to = replica.region;
  const now = ctx.now();
  const replicas = ctx.runtime.store.table(databaseReplicas);
  replicas.update(replica.id, { region: from, role_swapped_at: now }, now);
  for (const sibling of replicasOf(ctx, database.id)) replicas.update(sibling.id, { source_region: to }, now);
  const record = ctx.runtime.store.table(databases).update(
    database.id,
    {
      status: 'failing_over',
      primary_region: to,
      failover_count: database.failover_count + 1,
      last_failover_at: now,
      last_failover: { from_region: from, to_region: to, replica_id: replica.id },
    },
    now,
  );
  ctx.runtime.lifecycle.plan(databases, record, ['available']);
  emit(ctx, DATABASE_TYPE, 'failover', record);
  return record;
}

function chooseReplica(ctx: Context<typeof v1.databases.failover>, database: DatabaseRow): ReplicaRow {
  const wanted = ctx.body?.replica_id;
  if (wanted !== undefined) {
    const replica = ctx.runtime.store.table(databaseReplicas).getIn(ctx.projectId, wanted);
    if (!replica || replica.database_id !== database.id) throw HttpError.notFound('Replica');
    assertState(replica, ['available'], 'promote the replica');
    return replica;
  }
  const available = replicasOf(ctx, database.id).find((r) => r.status === 'available');
  if (!available) {
    throw HttpError.invalidState('Failover needs an available read replica', {
      replicas: replicasOf(ctx, database.id).length,
    });
  }
  return available;
}
