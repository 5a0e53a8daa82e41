import { topics as topicsEndpoints } from '@nimbus/sdk/contract/v1/topics';
import type { FamilyModule } from '../../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { fieldError, HttpError } from '../../../core/pipeline/http-error';
import { createInProject, emit, findInProject } from '../../../core/pipeline/resources';
import { newOpaqueToken, sealSecret } from '../../../core/services/secrets';
import { hostAllowed } from './matching';
import {
  type SubscriptionRow,
  subscriptionSecrets,
  topicSubscriptions,
  topics,
  webhookDeliveries,
} from './tables';

const TYPE = 'eventgrid.subscription';

/** The subscription `subscriptionId` of topic `id` in the caller's project, or 404. */
function findSubscription(ctx: Context, params: { id: string; subscriptionId: string }): SubscriptionRow {
  const topic = findInProject(ctx, topics, params.id, 'Topic');
  const subscription = ctx.runtime.store
    .table(topicSubscriptions)
    .getIn(ctx.projectId, params.subscriptionId);
  if (!subscription || subscription.topic_id !== topic.id) throw HttpError.notFound('Subscription');
  return subscription;
}

/**
 * 400 for a plain http target the server does not deliver to. Any https URL is accepted, as the
 * real API accepts public receivers; deliveries to hosts outside `webhookAllowHosts` (loopback
 * by default) are recorded as `not_sent` instead of sent (docs/decisions/0019-webhook-targets.md).
 */
function assertAcceptedTarget(ctx: Context, webhookUrl: string): void {
  const allow = ctx.runtime.config.webhookAllowHosts;
  const url = new URL(webhookUrl);
  if (url.protocol === 'https:' || hostAllowed(url, allow)) return;
  const allowed = allow === '*' ? '*' : allow.join(', ');
  throw fieldError(
    'body.webhook_url',
    `must be https: plain http is accepted only for hosts the server delivers to (${allowed}), not "${url.hostname}"`,
  );
}

export const topicSubscriptionsFamily: FamilyModule = {
  handlers: defineHandlers(topicsEndpoints.subscriptions, {
    list(ctx) {
      const topic = findInProject(ctx, topics, ctx.params.id, 'Topic');
      const rows = ctx.runtime.store
        .table(topicSubscriptions)
        .filter((s) => s.topic_id === topic.id, ctx.projectId);
      return paginate(ctx, rows);
    },

    async create(ctx) {
      findInProject(ctx, topics, ctx.params.id, 'Topic');
      assertAcceptedTarget(ctx, ctx.body.webhook_url);
      const secret = newOpaqueToken('whsec');
      const sealed = await sealSecret(ctx.runtime.store.state.secret, secret);
      // Found again: the topic may have been deleted while the secret was sealed (no orphans).
      const topic = findInProject(ctx, topics, ctx.params.id, 'Topic');
      const record = createInProject(
        ctx,
        topicSubscriptions,
        {
          topic_id: topic.id,
          webhook_url: ctx.body.webhook_url,
          event_types: ctx.body.event_types,
          max_retries: ctx.body.max_retries,
          status: 'active',
        },
        { type: TYPE },
      );
      // Stored after the record: from here on the subscription receives events.
      ctx.runtime.store
        .table(subscriptionSecrets)
        .insert({ id: record.id, created_at: record.created_at, updated_at: record.created_at, sealed });
      return { ...record, secret };
    },

    retrieve: (ctx) => findSubscription(ctx, ctx.params),

    delete(ctx) {
      const subscription = findSubscription(ctx, ctx.params);
      ctx.runtime.store.table(subscriptionSecrets).delete(subscription.id);
      ctx.runtime.store.table(topicSubscriptions).delete(subscription.id);
      emit(ctx, TYPE, 'deleted', subscription);
    },

    deliveries: {
      list(ctx) {
        const subscription = findSubscription(ctx, ctx.params);
        const rows = ctx.runtime.store
          .table(webhookDeliveries)
          .filter((d) => d.subscription_id === subscription.id, ctx.projectId);
        const { status, event_id } = ctx.query;
        return paginate(ctx, filterRows(rows, { status, event_id }));
      },
    },
  }),
};
