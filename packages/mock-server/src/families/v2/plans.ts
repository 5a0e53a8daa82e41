import type { VideoFeature } from '@nimbus/sdk/contract';
import type { Store } from '../../store/store';
import { DEFAULT_PLAN, videoTenants } from './tables';

export interface TenantPlan {
  camera_limit: number;
  features: VideoFeature[];
}

/** The plan of a tenant: its row, or the defaults of docs/decisions/0006-video-service.md when it never had one. */
export function tenantPlan(store: Store, tenantId: string): TenantPlan {
  const row = store.table(videoTenants).get(tenantId);
  return row
    ? { camera_limit: row.camera_limit, features: [...row.features] }
    : { camera_limit: DEFAULT_PLAN.camera_limit, features: [...DEFAULT_PLAN.features] };
}

/** Changes some fields of a tenant's plan; the others keep their current value. */
export function updateTenantPlan(
  store: Store,
  tenantId: string,
  change: Partial<TenantPlan>,
  now: string,
): TenantPlan {
  const table = store.table(videoTenants);
  const next = { ...tenantPlan(store, tenantId), ...definedOnly(change) };
  next.features = [...new Set(next.features)];
  if (table.get(tenantId)) table.update(tenantId, next, now);
  else table.insert({ id: tenantId, created_at: now, updated_at: now, ...next });
  return next;
}

/** The requested features the plan allows, without duplicates, in the order asked (rule 1 "filters"). */
export function allowedFeatures(requested: readonly VideoFeature[], plan: TenantPlan): VideoFeature[] {
  return [...new Set(requested)].filter((feature) => plan.features.includes(feature));
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
