import type { Database } from '@nimbus/sdk/contract';
import { databases as databasesEndpoints, ENGINE_VERSIONS } from '@nimbus/sdk/contract/v1/databases';
import type { FamilyModule } from '../../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { createInProject, findInProject, removeRecord } from '../../../core/pipeline/resources';
import { hashPassword } from '../../../core/services/secrets';
import { publishTransitions } from '../support/transition-events';
import { poolView, updatePool } from './pool';
import { createReplica, failover, replicasOf } from './replicas';
import {
  DATABASE_TYPE,
  type DatabaseRow,
  databaseCredentials,
  databasePools,
  databaseReplicas,
  databases,
  REPLICA_TYPE,
} from './tables';

const PORTS = { postgres: 5432, mysql: 3306, sqlserver: 1433 } as const;

/** The row with what the API derives from other tables. */
function view(ctx: Context, row: DatabaseRow): Database {
  return { ...row, replica_count: replicasOf(ctx, row.id).length };
}

export const databasesFamily: FamilyModule = {
  setup(runtime) {
    publishTransitions(runtime, databases, DATABASE_TYPE);
    publishTransitions(runtime, databaseReplicas, REPLICA_TYPE);
  },

  handlers: defineHandlers(databasesEndpoints, {
    list(ctx) {
      const { status, engine, tier, region, name } = ctx.query;
      const rows = filterRows(ctx.runtime.store.table(databases).list(ctx.projectId), {
        status,
        engine,
        tier,
        region,
        name,
      });
      const page = paginate(ctx, rows);
      return { ...page, items: page.items.map((row) => view(ctx, row)) };
    },

    async create(ctx) {
      const { admin_password, ...body } = ctx.body;
      const table = ctx.runtime.store.table(databases);
      const assertNameFree = () => {
        if (table.find((row) => row.name === body.name, ctx.projectId)) {
          throw HttpError.conflict(`A database named ${body.name} already exists in this project`, {
            field: 'name',
          });
        }
      };
      assertNameFree();
      // Hash before creating, so a failed create leaves nothing behind.
      const passwordHash =
        admin_password === undefined
          ? undefined
          : await hashPassword(admin_password, ctx.runtime.config.passwordCost);
      // Checked again: another create of the same name may have finished while hashing.
      assertNameFree();
      const id = crypto.randomUUID();
      const record = createInProject(
        ctx,
        databases,
        {
          ...body,
          version: body.version ?? ENGINE_VERSIONS[body.engine].at(-1)!,
          primary_region: body.region,
          admin_password_set: passwordHash !== undefined,
          status: 'provisioning',
          host: `${body.name}-${id.slice(0, 8)}.${body.engine}.db.nimbus.internal`,
          port: PORTS[body.engine],
          failover_count: 0,
          last_failover_at: null,
          last_failover: null,
        },
        { type: DATABASE_TYPE },
      );
      if (passwordHash !== undefined) {
        const now = ctx.now();
        ctx.runtime.store.table(databaseCredentials).insert({
          id: record.id,
          project_id: ctx.projectId,
          created_at: now,
          updated_at: now,
          password_hash: passwordHash,
        });
      }
      ctx.runtime.lifecycle.plan(databases, record, ['available']);
      return view(ctx, record);
    },

    retrieve: (ctx) => view(ctx, findInProject(ctx, databases, ctx.params.id, 'Database')),

    delete(ctx) {
      const record = findInProject(ctx, databases, ctx.params.id, 'Database');
      const { store } = ctx.runtime;
      for (const replica of replicasOf(ctx, record.id))
        removeRecord(ctx, databaseReplicas, replica, REPLICA_TYPE);
      store.table(databasePools).delete(record.id);
      store.table(databaseCredentials).delete(record.id);
      removeRecord(ctx, databases, record, DATABASE_TYPE);
    },

    pool: {
      retrieve(ctx) {
        const database = findInProject(ctx, databases, ctx.params.id, 'Database');
        return poolView(database, ctx.runtime.store.table(databasePools).get(database.id));
      },

      update: (ctx) => updatePool(ctx, findInProject(ctx, databases, ctx.params.id, 'Database')),
    },

    replicas: {
      list(ctx) {
        const database = findInProject(ctx, databases, ctx.params.id, 'Database');
        const { status, region } = ctx.query;
        return paginate(ctx, filterRows(replicasOf(ctx, database.id), { status, region }));
      },

      create: (ctx) => createReplica(ctx, findInProject(ctx, databases, ctx.params.id, 'Database')),
    },

    failover: (ctx) => view(ctx, failover(ctx, findInProject(ctx, databases, ctx.params.id, 'Database'))),
  }),
};
