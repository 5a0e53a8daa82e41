import type { ApiProduct, ApiSubscription } from '@nimbus/sdk/contract';
import { quotaResources } from '../../../core/services/quotas';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';

// Both API Management groups share these: subscriptions live inside products.

export type ApiProductRow = ApiProduct & StoredRecord;

export interface ApiSubscriptionRow extends ApiSubscription, StoredRecord {
  project_id: string;
  /** SHA-256 of the API key; the key itself is shown once and never stored. */
  key_hash: string;
}

export const apiProducts = defineTable<ApiProductRow>('api_products');
quotaResources.add(apiProducts.name);

/** Indexed by key hash, so a presented key finds its subscription without a scan. */
export const apiSubscriptions = defineTable<ApiSubscriptionRow>('api_subscriptions', {
  unique: { key_hash: (row) => row.key_hash },
});

export const API_PRODUCT_TYPE = 'apim.product';
export const API_SUBSCRIPTION_TYPE = 'apim.subscription';
