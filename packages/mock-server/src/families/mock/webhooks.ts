import { mock } from '@nimbus/sdk/contract/mock';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows } from '../../core/pipeline/handler';
import { webhookDeliveries } from '../v1/topics/tables';

/** `GET /__mock/webhooks/deliveries` (docs/decisions/0007-mock-control.md): every delivery attempt, any project. */
export const webhookDeliveriesFamily: FamilyModule = {
  handlers: defineHandlers(
    { webhookDeliveries: mock.webhookDeliveries },
    {
      webhookDeliveries: {
        list(ctx) {
          const rows = ctx.runtime.store.table(webhookDeliveries).list();
          const { project_id, subscription_id } = ctx.query;
          return { items: [...filterRows(rows, { project_id, subscription_id })] };
        },
      },
    },
  ),
};
