import type { ResourceGroup } from '@nimbus/sdk/contract';
import { resourceGroups as resourceGroupsEndpoints } from '@nimbus/sdk/contract/v1/resource-groups';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { quotaResources } from '../../core/services/quotas';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

type ResourceGroupRow = ResourceGroup & StoredRecord;

/** Instances validate `resource_group_id` against this table by its name: keep the name. */
const resourceGroups = defineTable<ResourceGroupRow>('resource_groups');

quotaResources.add(resourceGroups.name);

export const resourceGroupsFamily: FamilyModule = {
  handlers: defineHandlers(resourceGroupsEndpoints, {
    list(ctx) {
      const { region, name } = ctx.query;
      return paginate(
        ctx,
        filterRows(ctx.runtime.store.table(resourceGroups).list(ctx.projectId), { region, name }),
      );
    },

    create(ctx) {
      // Case-insensitive, as group names are in the big clouds: "Prod" and "prod" would be confused.
      const wanted = ctx.body.name.toLowerCase();
      const table = ctx.runtime.store.table(resourceGroups);
      if (table.find((group) => group.name.toLowerCase() === wanted, ctx.projectId)) {
        throw HttpError.conflict(`A resource group named ${ctx.body.name} already exists in this project`, {
          field: 'name',
        });
      }
      return createInProject(ctx, resourceGroups, ctx.body, { type: 'resources.resource_group' });
    },
  }),
};
