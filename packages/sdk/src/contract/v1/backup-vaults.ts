import * as z from 'zod';
import { listQuery, ProjectRecord, Region, ResourceName } from '../common';
import { endpoint } from '../define';

export const VaultRedundancy = z.enum(['local', 'zone', 'geo']);

export const BackupVault = ProjectRecord.extend({
  name: z.string(),
  region: z.string(),
  redundancy: VaultRedundancy,
  immutable: z.boolean(),
  description: z.string(),
});

export const BackupVaultCreateBody = z.object({
  name: ResourceName.describe('Vault name, unique in the project'),
  region: Region.describe('Region the vault stores backups in'),
  redundancy: VaultRedundancy.default('geo').describe(
    'Copies kept: local (one datacenter), zone (across zones of the region) or geo (also in a paired region)',
  ),
  immutable: z
    .boolean()
    .default(false)
    .describe('Backups in an immutable vault cannot be deleted or shortened before they expire'),
  description: z.string().max(500).default('').describe('Free text, up to 500 characters'),
});

const base = { family: 'backup', auth: 'bearer', project: true } as const;

export const backupVaults = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/backup-vaults',
    summary: 'List backup vaults',
    query: listQuery({
      region: Region.optional(),
      redundancy: VaultRedundancy.optional(),
      name: z.string().optional(),
    }),
    response: BackupVault,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/backup-vaults',
    summary: 'Create a backup vault',
    example: `const vault = await client.backupVaults.create({ name: 'main', region: 'hn', immutable: true });`,
    body: BackupVaultCreateBody,
    response: BackupVault,
    status: 201,
  }),
};

export type BackupVault = z.infer<typeof BackupVault>;
