import type { Registry } from '@nimbus/sdk/contract';
import { REGISTRY_STORAGE_GB, registries as registriesEndpoints } from '@nimbus/sdk/contract/v1/registries';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { quotaResources } from '../../core/services/quotas';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

export type RegistryRow = Registry & StoredRecord;

/** Registry names are host names of one namespace, hence a table-wide unique key. */
export const registries = defineTable<RegistryRow>('registries', { unique: { name: (r) => r.name } });
quotaResources.add('registries');

export const registriesFamily: FamilyModule = {
  handlers: defineHandlers(registriesEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(registries).list(ctx.projectId);
      const { region, sku, name } = ctx.query;
      return paginate(ctx, filterRows(rows, { region, sku, name }));
    },

    create(ctx) {
      const body = ctx.body;
      if (ctx.runtime.store.table(registries).byKey('name', body.name)) {
        throw HttpError.conflict(`The registry name ${body.name} is taken`, { field: 'name' });
      }
      return createInProject(
        ctx,
        registries,
        {
          ...body,
          login_server: `${body.name}.registry.nimbus.local`,
          storage_quota_gb: REGISTRY_STORAGE_GB[body.sku],
          status: 'available',
        },
        { type: 'registry.registry' },
      );
    },
  }),
};
