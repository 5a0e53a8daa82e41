import * as z from 'zod';
import { listQuery, ProjectRecord, ResourceName, Timestamp, Uuid } from '../common';
import { endpoint } from '../define';

export const BackupResourceType = z.enum(['instance', 'database', 'bucket']);
export const BackupStatus = z.enum(['running', 'completed']);

export const Backup = ProjectRecord.extend({
  name: z.string(),
  vault_id: Uuid,
  resource_type: BackupResourceType,
  resource_id: z.string().describe('Id of the backed-up resource'),
  resource_name: z.string().describe('Name of the resource when it was backed up'),
  region: z.string().describe("The vault's region, where the backup is stored"),
  status: BackupStatus.describe('running -> completed'),
  size_gb: z
    .number()
    .int()
    .nonnegative()
    .describe('Backup size; the same resource always gives the same size'),
  retention_days: z.number().int().nonnegative(),
  expires_at: Timestamp.describe('created_at plus retention_days'),
  completed_at: Timestamp.nullable(),
});

export const BackupCreateBody = z.object({
  vault_id: Uuid.describe('Backup vault to store the backup in'),
  resource_type: BackupResourceType.describe('Kind of resource to back up: instance, database or bucket'),
  resource_id: z
    .string()
    .min(1)
    .max(255)
    .describe('Id of an instance or database of the project; for a bucket its id or its name'),
  name: ResourceName.optional().describe('Backup name; default <resource name>-<time>'),
  retention_days: z.number().int().min(1).max(3650).default(30).describe('Days the backup is kept, 1..3650'),
});

const base = { family: 'backup', auth: 'bearer', project: true } as const;

export const backups = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/backups',
    summary: 'List backups',
    description:
      'Extension (not in the API document): lets callers follow a backup from running to completed.',
    query: listQuery({
      vault_id: Uuid.optional(),
      resource_type: BackupResourceType.optional(),
      resource_id: z.string().optional(),
      status: BackupStatus.optional(),
    }),
    response: Backup,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/backups',
    summary: 'Back up an instance, database or bucket (running -> completed)',
    example: `const backup = await client.backups.create({ vault_id: vault.id, resource_type: 'database', resource_id: db.id });`,
    body: BackupCreateBody,
    response: Backup,
    status: 201,
  }),
};

export type Backup = z.infer<typeof Backup>;
export type BackupStatus = z.infer<typeof BackupStatus>;
