import type { Vault } from '@nimbus/sdk/contract';
import { vaults as vaultsEndpoints } from '@nimbus/sdk/contract/v1/vaults';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { quotaResources } from '../../core/services/quotas';
import { sealSecret } from '../../core/services/secrets';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

/** Secrets hold names and versions only: values live sealed in `vault_secrets`. */
export type VaultRow = Vault & StoredRecord;

/** One version of a secret; its value sealed under the server secret, never in clear. */
export interface VaultSecretRow extends StoredRecord {
  project_id: string;
  vault_id: string;
  name: string;
  version: string;
  value_sealed: string;
}

/** Vault names are DNS labels of one namespace, hence a table-wide unique key. */
export const vaults = defineTable<VaultRow>('vaults', { unique: { name: (v) => v.name } });
export const vaultSecrets = defineTable<VaultSecretRow>('vault_secrets');
quotaResources.add('vaults');

const TYPE = 'keyvault.vault';

function newVersion(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

export const vaultsFamily: FamilyModule = {
  handlers: defineHandlers(vaultsEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(vaults).list(ctx.projectId);
      const { region, sku, name } = ctx.query;
      return paginate(ctx, filterRows(rows, { region, sku, name }));
    },

    async create(ctx) {
      const { secrets, ...body } = ctx.body;
      const serverSecret = ctx.runtime.store.state.secret;
      const sealed = await Promise.all(
        Object.entries(secrets).map(async ([name, value]) => ({
          name,
          version: newVersion(),
          value_sealed: await sealSecret(serverSecret, value),
        })),
      );
      // Checked after sealing, so no other create can slip in between the check and the insert.
      if (ctx.runtime.store.table(vaults).byKey('name', body.name)) {
        throw HttpError.conflict(`The vault name ${body.name} is taken`, { field: 'name' });
      }
      const now = ctx.now();
      const vault = createInProject(
        ctx,
        vaults,
        {
          ...body,
          vault_uri: `https://${body.name}.vault.nimbus.local`,
          secrets: sealed.map(({ name, version }) => ({ name, version, created_at: now })),
          status: 'active',
        },
        { type: TYPE },
      );
      const table = ctx.runtime.store.table(vaultSecrets);
      for (const secret of sealed) {
        table.insert({
          ...secret,
          id: crypto.randomUUID(),
          created_at: now,
          updated_at: now,
          project_id: ctx.projectId,
          vault_id: vault.id,
        });
      }
      return vault;
    },
  }),
};
