import type { CacheInstance, CacheSku } from '@nimbus/sdk/contract';
import {
  CACHE_CAPACITY_GB,
  cacheInstances as cacheInstancesEndpoints,
} from '@nimbus/sdk/contract/v1/cache-instances';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { fieldError } from '../../core/pipeline/http-error';
import {
  admit,
  assertState,
  createInProject,
  emit,
  findInProject,
  removeRecord,
} from '../../core/pipeline/resources';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';
import { publishTransitions } from './support/transition-events';

/** `provisioned_at` is where billing starts counting GB-hours. */
export type CacheInstanceRow = CacheInstance & StoredRecord;

export const cacheInstances = defineTable<CacheInstanceRow>('cache_instances');

const TYPE = 'cache.instance';

/** 400 naming `capacity_gb` and the sku's range when a scale asks a size the sku does not offer. */
function assertCapacity(sku: CacheSku, capacity: number): void {
  const { min, max } = CACHE_CAPACITY_GB[sku];
  if (capacity < min || capacity > max) {
    throw fieldError(
      'body.capacity_gb',
      `must be between ${min} and ${max} GB for sku ${sku} (got ${capacity})`,
    );
  }
}

export const cacheInstancesFamily: FamilyModule = {
  setup(runtime) {
    // Before publishTransitions, so the `available` event already carries provisioned_at.
    runtime.lifecycle.on(cacheInstances.name, ({ record, from, to, at }) => {
      if (from === 'provisioning' && to === 'available') {
        const when = runtime.clock.iso(at);
        runtime.store.table(cacheInstances).update(record.id, { provisioned_at: when }, when);
      }
    });
    publishTransitions(runtime, cacheInstances, TYPE);
  },

  handlers: defineHandlers(cacheInstancesEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(cacheInstances).list(ctx.projectId);
      const { status, region, sku } = ctx.query;
      return paginate(ctx, filterRows(rows, { status, region, sku }));
    },

    create(ctx) {
      // CacheInstanceCreateBody checked capacity_gb against the sku (a scale does it in assertCapacity).
      const record = createInProject(
        ctx,
        cacheInstances,
        { ...ctx.body, status: 'provisioning', provisioned_at: null },
        { type: TYPE },
      );
      ctx.runtime.lifecycle.plan(cacheInstances, record, ['available']);
      return record;
    },

    retrieve: (ctx) => findInProject(ctx, cacheInstances, ctx.params.id, 'Cache instance'),

    delete(ctx) {
      const record = findInProject(ctx, cacheInstances, ctx.params.id, 'Cache instance');
      removeRecord(ctx, cacheInstances, record, TYPE);
    },

    scale(ctx) {
      const record = findInProject(ctx, cacheInstances, ctx.params.id, 'Cache instance');
      assertState(record, ['available'], 'scale');
      const sku = ctx.body.sku ?? record.sku;
      // A new sku without a size keeps the current one, which must still fit the new sku.
      const capacity_gb = ctx.body.capacity_gb ?? record.capacity_gb;
      assertCapacity(sku, capacity_gb);
      admit(ctx, TYPE, { ...record, sku, capacity_gb });
      const updated = ctx.runtime.store
        .table(cacheInstances)
        .update(record.id, { sku, capacity_gb, status: 'scaling' }, ctx.now());
      ctx.runtime.lifecycle.plan(cacheInstances, updated, ['available']);
      emit(ctx, TYPE, 'scaling', updated);
      return updated;
    },
  }),
};
