import type { Runtime } from '../../../core/services/runtime';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';
import { type BucketRow, buckets } from '../buckets';
import { type CacheInstanceRow, cacheInstances } from '../cache-instances';
import { type InstanceRow, instances } from '../instances';
import { bucketMeter, cacheMeter, HOURS_PER_MONTH, instanceMeter } from './prices';

/**
 * One interval during which a resource accrued cost at a steady rate: an instance while
 * running, a cache while available, a bucket while it exists. Closed intervals stay, so past
 * periods can be billed after the resource is gone.
 */
export interface AccrualRow extends StoredRecord {
  project_id: string;
  resource_type: 'instance' | 'bucket' | 'cache_instance';
  resource_id: string;
  resource_name: string;
  meter: string;
  /** Units of the meter per hour (1 instance-hour per hour, capacity GB per hour, ...). */
  rate: number;
  started_at: string;
  ended_at: string | null;
}

export const accruals = defineTable<AccrualRow>('billing_accruals', {
  repeated: ['resource_type', 'resource_name', 'meter'],
  // At most one open interval per resource.
  unique: { open: (row) => (row.ended_at === null ? row.resource_id : undefined) },
});

type Accrued = Pick<
  AccrualRow,
  'project_id' | 'resource_type' | 'resource_id' | 'resource_name' | 'meter' | 'rate'
>;

const GIB = 1024 ** 3;

/** An instance accrues from `running` until it has `stopped`: stopping still holds the machine. */
const ACCRUING_INSTANCE: ReadonlySet<string> = new Set(['running', 'stopping']);

function instanceAccrual(row: InstanceRow): Accrued {
  const { project_id, id, name, flavor } = row;
  return {
    project_id,
    resource_type: 'instance',
    resource_id: id,
    resource_name: name,
    meter: instanceMeter(flavor),
    rate: 1,
  };
}

function cacheAccrual(row: CacheInstanceRow): Accrued {
  const { project_id, id, name, sku, capacity_gb } = row;
  return {
    project_id,
    resource_type: 'cache_instance',
    resource_id: id,
    resource_name: name,
    meter: cacheMeter(sku),
    rate: capacity_gb,
  };
}

/** Storage is billed at the bucket's current size, with a minimum of 1 GB per bucket. */
function bucketAccrual(row: BucketRow): Accrued {
  const gb = Math.max(1, (row.size_bytes ?? 0) / GIB);
  const { project_id, id, name } = row;
  const meter = bucketMeter(row.storage_class ?? 'STANDARD');
  return {
    project_id,
    resource_type: 'bucket',
    resource_id: id,
    resource_name: name,
    meter,
    rate: gb / HOURS_PER_MONTH,
  };
}

function open(runtime: Runtime, accrued: Accrued, at: number): void {
  const table = runtime.store.table(accruals);
  if (table.byKey('open', accrued.resource_id)) return;
  const iso = runtime.clock.iso(at);
  // Object.assign, not `{ ...accrued, id, ... }`: V8 builds the latter several times slower.
  table.insert(
    Object.assign({}, accrued, {
      id: crypto.randomUUID(),
      created_at: iso,
      updated_at: iso,
      started_at: iso,
      ended_at: null,
    }),
  );
}

function close(runtime: Runtime, resourceId: string, at: number): void {
  const table = runtime.store.table(accruals);
  const row = table.byKey('open', resourceId);
  if (!row) return;
  const end = Math.max(at, Date.parse(row.started_at));
  table.update(row.id, { ended_at: runtime.clock.iso(end) }, runtime.clock.iso());
}

/** Closes the open interval and opens one at the new rate when price or size changed. */
function reprice(runtime: Runtime, accrued: Accrued, at: number): void {
  const current = runtime.store.table(accruals).byKey('open', accrued.resource_id);
  if (current && current.meter === accrued.meter && current.rate === accrued.rate) return;
  close(runtime, accrued.resource_id, at);
  open(runtime, accrued, at);
}

/** Keeps the ledger in step with the resources: lifecycle transitions and platform events. */
export function setupLedger(runtime: Runtime): void {
  runtime.lifecycle.on(instances.name, ({ record, to, at }) => {
    if (to === 'running') open(runtime, instanceAccrual(record as InstanceRow), at);
    else if (!ACCRUING_INSTANCE.has(to)) close(runtime, record.id, at);
  });
  runtime.lifecycle.on(cacheInstances.name, ({ record, to, at }) => {
    // A cache is billed from when it is available; a scale takes effect when it settles.
    if (to === 'available') reprice(runtime, cacheAccrual(record as CacheInstanceRow), at);
  });
  runtime.events.subscribe((event) => {
    const id = event.data.id;
    if (typeof id !== 'string') return;
    // The time is parsed only for the two kinds that use it: every event of every family comes here.
    if (event.type.endsWith('.deleted')) close(runtime, id, Date.parse(event.time));
    else if (event.type === 'storage.bucket.created') {
      const bucket = runtime.store.table(buckets).get(id);
      if (bucket) open(runtime, bucketAccrual(bucket), Date.parse(event.time));
    }
  });
}

/**
 * Reconciles the ledger of one project with what exists now (state imported or edited
 * outside, resources changed by handlers rather than by transitions): opens intervals for
 * billable resources that have none, closes those whose resource stopped or went away, and
 * follows bucket sizes.
 */
export function syncLedger(runtime: Runtime, projectId: string): void {
  const now = runtime.clock.now();
  const store = runtime.store;
  for (const vm of store.table(instances).list(projectId)) {
    if (ACCRUING_INSTANCE.has(vm.status)) open(runtime, instanceAccrual(vm), Date.parse(vm.updated_at));
    else close(runtime, vm.id, Date.parse(vm.updated_at));
  }
  for (const cache of store.table(cacheInstances).list(projectId)) {
    if (cache.status === 'available' || cache.status === 'scaling') {
      open(runtime, cacheAccrual(cache), Date.parse(cache.provisioned_at ?? cache.updated_at));
    }
  }
  for (const bucket of store.table(buckets).list(projectId)) {
    const accrued = bucketAccrual(bucket);
    if (store.table(accruals).byKey('open', bucket.id)) reprice(runtime, accrued, now);
    else open(runtime, accrued, Date.parse(bucket.created_at));
  }
  const live = {
    instance: (id: string) => store.table(instances).get(id),
    bucket: (id: string) => store.table(buckets).get(id),
    cache_instance: (id: string) => store.table(cacheInstances).get(id),
  };
  for (const row of store.table(accruals).filter((a) => a.ended_at === null, projectId)) {
    if (!live[row.resource_type](row.resource_id)) close(runtime, row.resource_id, now);
  }
}
