import { apiProducts as apiProductsEndpoints } from '@nimbus/sdk/contract/v1/api-products';
import type { FamilyModule } from '../../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { createInProject, emit, findInProject } from '../../../core/pipeline/resources';
import { API_PRODUCT_TYPE, API_SUBSCRIPTION_TYPE, apiProducts, apiSubscriptions } from './tables';

export const apiProductsFamily: FamilyModule = {
  handlers: defineHandlers(apiProductsEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(apiProducts).list(ctx.projectId);
      const { name, version } = ctx.query;
      return paginate(ctx, filterRows(rows, { name, version }));
    },

    create: (ctx) => createInProject(ctx, apiProducts, ctx.body, { type: API_PRODUCT_TYPE }),

    retrieve: (ctx) => findInProject(ctx, apiProducts, ctx.params.id, 'API product'),

    delete(ctx) {
      const product = findInProject(ctx, apiProducts, ctx.params.id, 'API product');
      // A subscription means nothing without its product: its key stops existing with it.
      const subscriptions = ctx.runtime.store.table(apiSubscriptions);
      for (const subscription of subscriptions.filter((s) => s.product_id === product.id, ctx.projectId)) {
        subscriptions.delete(subscription.id);
        emit(ctx, API_SUBSCRIPTION_TYPE, 'deleted', subscription);
      }
      ctx.runtime.store.table(apiProducts).delete(product.id);
      emit(ctx, API_PRODUCT_TYPE, 'deleted', product);
    },
  }),
};
