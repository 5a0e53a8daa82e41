import { apiProducts as apiProductsEndpoints } from '@nimbus/sdk/contract/v1/api-products';
import { API_KEY_PREFIX_LENGTH } from '@nimbus/sdk/contract/v1/api-products/subscriptions';
import type { FamilyModule } from '../../../core/pipeline/app';
import { defineHandlers, paginate } from '../../../core/pipeline/handler';
import { createInProject, findInProject } from '../../../core/pipeline/resources';
import { newOpaqueToken, sha256 } from '../../../core/services/secrets';
import { API_SUBSCRIPTION_TYPE, apiProducts, apiSubscriptions } from './tables';

export const apiSubscriptionsFamily: FamilyModule = {
  handlers: defineHandlers(apiProductsEndpoints.subscriptions, {
    list(ctx) {
      const product = findInProject(ctx, apiProducts, ctx.params.id, 'API product');
      return paginate(
        ctx,
        ctx.runtime.store.table(apiSubscriptions).filter((s) => s.product_id === product.id, ctx.projectId),
      );
    },

    create(ctx) {
      const product = findInProject(ctx, apiProducts, ctx.params.id, 'API product');
      const apiKey = newOpaqueToken('nk_sub');
      const record = createInProject(
        ctx,
        apiSubscriptions,
        {
          product_id: product.id,
          app_name: ctx.body.app_name,
          quota: ctx.body.quota,
          key_prefix: apiKey.slice(0, API_KEY_PREFIX_LENGTH),
          key_hash: sha256(apiKey),
        },
        { type: API_SUBSCRIPTION_TYPE, quota: false },
      );
      // The only answer that carries the key; the stored row and every later read hold the hash and prefix.
      return { ...record, api_key: apiKey };
    },
  }),
};
