import { quotas as quotasEndpoints } from '@nimbus/sdk/contract/v1/quotas';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, paginate } from '../../core/pipeline/handler';
import { quotaLimit, quotaResources } from '../../core/services/quotas';

export const quotasFamily: FamilyModule = {
  handlers: defineHandlers(quotasEndpoints, {
    list(ctx) {
      const store = ctx.runtime.store;
      const rows = [...quotaResources].sort().map((resource) => {
        // Counted from the raw state by table name: store.table() would fix the table's
        // indexes before its family had declared them.
        const stored = store.state.tables[resource] ?? {};
        const used = Object.values(stored).filter((row) => row.project_id === ctx.projectId).length;
        const limit = quotaLimit(store, ctx.projectId, resource);
        return { resource, limit, used, available: Math.max(0, limit - used) };
      });
      return paginate(ctx, rows);
    },
  }),
};
