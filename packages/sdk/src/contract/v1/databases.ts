import * as z from 'zod';
import {
  IdParams,
  listQuery,
  ProjectRecord,
  Region,
  ResourceName,
  Timestamp,
  Uuid,
  whenField,
} from '../common';
import { endpoint } from '../define';
import { secret } from '../secrets';

export const DatabaseEngine = z.enum(['postgres', 'mysql', 'sqlserver']);
export const DatabaseTier = z.enum(['basic', 'general_purpose', 'memory_optimized']);
export const DatabaseStatus = z.enum(['provisioning', 'available', 'failing_over']);
export const ReplicaStatus = z.enum(['provisioning', 'available']);
export const PoolMode = z.enum(['session', 'transaction']);

/** Major versions each engine offers, oldest first; the last one is the default. */
export const ENGINE_VERSIONS = {
  postgres: ['14', '15', '16', '17'],
  mysql: ['8.0', '8.4'],
  sqlserver: ['2019', '2022'],
} as const satisfies Record<DatabaseEngine, readonly string[]>;

/** Upper bound of `max_connections` in a pool, per tier (bigger machines take more sessions). */
export const TIER_MAX_CONNECTIONS = {
  basic: 100,
  general_purpose: 1000,
  memory_optimized: 5000,
} as const satisfies Record<DatabaseTier, number>;

/** The pool every database has until one is PUT. */
export const DEFAULT_POOL = {
  mode: 'transaction',
  max_connections: 100,
  min_idle: 5,
  idle_timeout_sec: 600,
} as const;

/** Read replicas one primary may have. */
export const MAX_REPLICAS = 5;

const versionList = Object.values(ENGINE_VERSIONS).flat();
const DatabaseVersion = z.enum([...new Set(versionList)] as [string, ...string[]]);

const AdminUsername = z
  .string()
  .regex(/^[a-z_][a-z0-9_]{0,62}$/, {
    error: 'must be lowercase letters, digits and "_", not starting with a digit',
  })
  .refine((name) => !['root', 'admin', 'postgres', 'sa', 'mysql'].includes(name), {
    error: 'is reserved by the engine',
  });

export const DatabaseCreateBody = z
  .object({
    name: ResourceName.describe('Database server name, unique in the project'),
    engine: DatabaseEngine.describe('Database engine: postgres, mysql or sqlserver'),
    version: DatabaseVersion.optional().describe(
      'Engine major version: postgres 14|15|16|17, mysql 8.0|8.4, sqlserver 2019|2022; default the newest of the engine',
    ),
    tier: DatabaseTier.default('general_purpose').describe(
      'Compute tier: basic, general_purpose or memory_optimized; bounds the connection pool',
    ),
    storage_gb: z
      .number()
      .int()
      .min(10)
      .max(16_384)
      .default(20)
      .describe('Allocated storage in GB, 10..16384'),
    region: Region.describe('Region of the primary'),
    high_availability: z
      .boolean()
      .default(false)
      .describe('Keep a synchronous standby in another zone of the region'),
    admin_username: AdminUsername.default('dbadmin').describe('Administrator login name'),
    admin_password: secret(z.string().min(12).max(128))
      .optional()
      .describe('Administrator password, 12..128 characters; write-only: stored hashed and never returned'),
  })
  .superRefine((body, ctx) => {
    if (body.version === undefined) return;
    const allowed: readonly string[] = ENGINE_VERSIONS[body.engine];
    if (!allowed.includes(body.version)) {
      ctx.addIssue({
        code: 'custom',
        path: ['version'],
        message: `${body.engine} offers versions ${allowed.join(', ')}`,
      });
    }
  })
  .meta({
    allOf: Object.entries(ENGINE_VERSIONS).map(([engine, versions]) =>
      whenField('engine', engine, { properties: { version: { enum: [...versions] } } }),
    ),
  });

export const LastFailover = z
  .object({
    from_region: z.string().describe('Region the primary ran in before the failover'),
    to_region: z.string().describe('Region of the promoted replica, where the primary runs now'),
    replica_id: Uuid.describe('The replica record that was swapped with the primary'),
  })
  .describe('The most recent manual failover');

export const Database = ProjectRecord.extend({
  name: z.string(),
  engine: DatabaseEngine,
  version: z.string(),
  tier: DatabaseTier,
  storage_gb: z.number().int().nonnegative(),
  region: z.string().describe('Region the database was created in; it does not change on failover'),
  primary_region: z
    .string()
    .describe('Region the primary (the writable node) runs in now; changes on failover'),
  high_availability: z.boolean(),
  admin_username: z.string(),
  admin_password_set: z
    .boolean()
    .describe('Whether an administrator password was given (the password is never returned)'),
  status: DatabaseStatus.describe(
    'provisioning -> available; failover: available -> failing_over -> available',
  ),
  host: z.string().describe('Connection host name; stays the same across failovers'),
  port: z.number().int().nonnegative(),
  replica_count: z.number().int().nonnegative(),
  failover_count: z.number().int().nonnegative().describe('Manual failovers so far'),
  last_failover_at: Timestamp.nullable(),
  last_failover: LastFailover.nullable(),
});

export const DatabaseListQuery = listQuery({
  status: DatabaseStatus.optional(),
  engine: DatabaseEngine.optional(),
  tier: DatabaseTier.optional(),
  region: Region.optional(),
  name: z.string().optional(),
});

export const DatabasePool = z.object({
  database_id: Uuid,
  mode: PoolMode.describe('session: one server connection per client session; transaction: per transaction'),
  max_connections: z.number().int().nonnegative(),
  min_idle: z.number().int().nonnegative(),
  idle_timeout_sec: z.number().int().nonnegative(),
  max_connections_limit: z.number().int().nonnegative().describe("The tier's bound on max_connections"),
  is_default: z.boolean().describe('True until a configuration is PUT'),
  updated_at: Timestamp.nullable().describe('When the configuration was last PUT; null for the default'),
});

export const DatabasePoolUpdateBody = z.object({
  mode: PoolMode.optional().describe('Pooling mode: session or transaction'),
  max_connections: z
    .number()
    .int()
    .min(1)
    .max(5000)
    .optional()
    .describe(
      'Server connections the pool may open, 1..5000 and at most the tier limit (basic 100, general_purpose 1000, memory_optimized 5000)',
    ),
  min_idle: z
    .number()
    .int()
    .min(0)
    .max(5000)
    .optional()
    .describe('Idle connections kept open; at most max_connections'),
  idle_timeout_sec: z
    .number()
    .int()
    .min(10)
    .max(3600)
    .optional()
    .describe('Seconds before an idle connection is closed, 10..3600'),
});

export const DatabaseReplica = ProjectRecord.extend({
  database_id: Uuid,
  name: z.string(),
  region: z
    .string()
    .describe(
      'Region of this replica. After a failover that promoted it, the region the primary left (the former primary is now this replica)',
    ),
  source_region: z.string().describe('Region of the primary it replicates from'),
  status: ReplicaStatus,
  host: z.string().describe('Read-only connection host name'),
  role_swapped_at: Timestamp.nullable().describe(
    'When a failover last swapped this replica with the primary',
  ),
});

export const DatabaseReplicaCreateBody = z.object({
  region: Region.describe('Region to place the replica in'),
  name: ResourceName.optional().describe('Replica name, unique per database; default <database>-replica-<n>'),
});

export const DatabaseFailoverBody = z.object({
  replica_id: Uuid.optional().describe('Replica to promote; default the oldest available replica'),
});

const base = { family: 'sql', auth: 'bearer', project: true } as const;

export const databases = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/databases',
    summary: 'List managed databases',
    query: DatabaseListQuery,
    response: Database,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/databases',
    summary: 'Create a managed database (provisioning -> available)',
    example: `
      const db = await client.databases.create({ name: 'orders', engine: 'postgres', version: '16', region: 'hn' });
      await client.databases.waitFor(db.id, 'available');
    `,
    body: DatabaseCreateBody,
    response: Database,
    status: 201,
  }),
  retrieve: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/databases/{id}',
    summary: 'Get a database',
    params: IdParams,
    response: Database,
    status: 200,
  }),
  delete: endpoint({
    ...base,
    method: 'DELETE',
    path: '/api/v1/databases/{id}',
    summary: 'Delete a database with its read replicas and pool configuration',
    params: IdParams,
    response: z.void(),
    status: 204,
  }),
  pool: {
    retrieve: endpoint({
      ...base,
      method: 'GET',
      path: '/api/v1/databases/{id}/pool',
      summary: 'Get the connection pool configuration (the default until one is PUT)',
      params: IdParams,
      response: DatabasePool,
      status: 200,
    }),
    update: endpoint({
      ...base,
      method: 'PUT',
      path: '/api/v1/databases/{id}/pool',
      summary: 'Set the connection pool configuration',
      description:
        'Fields left out keep their current value; the result must keep min_idle <= max_connections.',
      example: `await client.databases.pool.update(db.id, { mode: 'session', max_connections: 200, min_idle: 20 });`,
      params: IdParams,
      body: DatabasePoolUpdateBody,
      response: DatabasePool,
      status: 200,
    }),
  },
  replicas: {
    list: endpoint({
      ...base,
      method: 'GET',
      path: '/api/v1/databases/{id}/replicas',
      summary: 'List the read replicas of a database',
      params: IdParams,
      query: listQuery({ status: ReplicaStatus.optional(), region: Region.optional() }),
      response: DatabaseReplica,
      list: true,
      status: 200,
    }),
    create: endpoint({
      ...base,
      method: 'POST',
      path: '/api/v1/databases/{id}/replicas',
      summary: `Add a read replica (provisioning -> available); at most ${MAX_REPLICAS}, from an available primary`,
      example: `const replica = await client.databases.replicas.create(db.id, { region: 'hcm' });`,
      params: IdParams,
      body: DatabaseReplicaCreateBody,
      response: DatabaseReplica,
      status: 201,
    }),
  },
  failover: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/databases/{id}/failover',
    summary: 'Fail over to a read replica (available -> failing_over -> available)',
    description:
      'Needs an available replica. The chosen replica and the primary swap roles: the database keeps its id and host, ' +
      'its primary_region becomes the replica region, failover_count and last_failover_at change, and the replica ' +
      'record now describes the former primary (its region becomes the region the primary left).',
    example: `
      const db = await client.databases.failover(id);
      console.log(db.primary_region, db.failover_count);
    `,
    params: IdParams,
    body: DatabaseFailoverBody,
    bodyOptional: true,
    response: Database,
    status: 200,
  }),
};

export type Database = z.infer<typeof Database>;
export type DatabaseStatus = z.infer<typeof DatabaseStatus>;
export type DatabaseEngine = z.infer<typeof DatabaseEngine>;
export type DatabaseTier = z.infer<typeof DatabaseTier>;
export type DatabasePool = z.infer<typeof DatabasePool>;
export type DatabaseReplica = z.infer<typeof DatabaseReplica>;
export type ReplicaStatus = z.infer<typeof ReplicaStatus>;
