import * as z from 'zod';
import { listQuery, ProjectRecord, Region, Timestamp } from '../common';
import { endpoint } from '../define';
import { secret } from '../secrets';

/** Vault names are DNS labels (`<name>.vault.nimbus.local`), so they are globally unique. */
export const VaultName = z
  .string()
  .min(3)
  .max(24)
  .regex(/^(?!.*--)[a-z](?:[a-z0-9-]*[a-z0-9])?$/, {
    error: 'must be 3..24 lowercase letters, digits and single "-", start with a letter and not end with "-"',
  });

export const SecretName = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,127}$/, { error: 'must be 1..127 letters, digits and "-"' });

export const VaultSku = z.enum(['standard', 'premium']);

/** A secret as listed: its name and current version, never its value. */
export const VaultSecret = z.object({
  name: z.string(),
  version: z.string().describe('Version id (32 hex characters)'),
  created_at: Timestamp,
});

export const Vault = ProjectRecord.extend({
  name: z.string(),
  region: z.string(),
  sku: VaultSku,
  soft_delete_days: z.number().int().nonnegative(),
  purge_protection: z.boolean(),
  vault_uri: z.string(),
  secrets: z.array(VaultSecret),
  status: z.literal('active'),
});

export const VaultCreateBody = z.object({
  name: VaultName.describe('Vault name, globally unique: it becomes <name>.vault.nimbus.local'),
  region: Region.describe('Region, e.g. hn'),
  sku: VaultSku.default('standard').describe('standard, or premium (HSM-backed keys)'),
  soft_delete_days: z
    .number()
    .int()
    .min(7)
    .max(90)
    .default(90)
    .describe('Days a deleted secret or vault can be recovered, 7..90'),
  purge_protection: z.boolean().default(false).describe('Forbid purging before the soft-delete period ends'),
  secrets: z
    .record(SecretName, secret(z.string().min(1).max(25_000)))
    .refine((r) => Object.keys(r).length <= 100, { error: 'at most 100 secrets' })
    .default({})
    .describe('Initial secrets, name -> value; values are stored sealed and never returned'),
});

export const VaultListQuery = listQuery({
  region: Region.optional(),
  sku: VaultSku.optional(),
  name: z.string().optional(),
});

const base = { family: 'keyvault', auth: 'bearer', project: true } as const;

export const vaults = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/vaults',
    summary: 'List key vaults',
    query: VaultListQuery,
    response: Vault,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/vaults',
    summary: 'Create a key vault, optionally with initial secrets (shown by name and version only)',
    example: `await client.vaults.create({ name: 'acme-prod', region: 'hn', secrets: { 'db-password': 's3cret' } });`,
    body: VaultCreateBody,
    response: Vault,
    status: 201,
  }),
};

export type Vault = z.infer<typeof Vault>;
