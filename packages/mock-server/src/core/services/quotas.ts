import { ErrorCode } from '@nimbus/sdk/contract/common';
import type { StoredRecord } from '../../store/state';
import { defineTable, type Store } from '../../store/store';
import { HttpError } from '../pipeline/http-error';

/** Default limits per project (docs/decisions/0002-v1-envelopes-and-errors.md); any other resource: 100. */
export const DEFAULT_QUOTAS: Record<string, number> = {
  instances: 100,
  buckets: 100,
  functions: 100,
  databases: 20,
  cache_instances: 20,
  vpcs: 20,
  topics: 100,
};
export const DEFAULT_QUOTA = 100;

/** Resource names a quota may be set for: every table a family counts against a quota. */
export const quotaResources = new Set<string>(Object.keys(DEFAULT_QUOTAS));

interface QuotaOverrideRow extends StoredRecord {
  limits: Record<string, number>;
}

/** One row per project (id = project id) holding the limits changed through /__mock/quotas. */
export const quotaOverrides = defineTable<QuotaOverrideRow>('quota_overrides');

export function quotaLimit(store: Store, projectId: string, resource: string): number {
  return (
    store.table(quotaOverrides).get(projectId)?.limits[resource] ?? DEFAULT_QUOTAS[resource] ?? DEFAULT_QUOTA
  );
}

/** Answers 403 QUOTA_EXCEEDED when one more `resource` would pass the project's limit. */
export function assertQuota(store: Store, projectId: string, resource: string, used: number): void {
  const limit = quotaLimit(store, projectId, resource);
  if (used + 1 > limit) {
    throw HttpError.of(ErrorCode.QUOTA_EXCEEDED, `Quota for ${resource} exceeded (limit ${limit})`, {
      resource,
      limit,
      used,
    });
  }
}
