import type { MockWebhookDelivery, Topic, TopicEvent, TopicSubscription } from '@nimbus/sdk/contract';
import { quotaResources } from '../../../core/services/quotas';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';

export type TopicRow = Topic & StoredRecord;

export type SubscriptionRow = TopicSubscription & StoredRecord;

/**
 * The signing secret of a subscription (id = subscription id), sealed with the server secret
 * (core/services/secrets.ts) because deliveries need it in clear. Kept apart from the subscription row
 * so the `.created` platform event, which carries the row, never carries it.
 */
export interface SubscriptionSecretRow extends StoredRecord {
  sealed: string;
}

/** An event published to a topic, kept as sent. */
export type TopicEventRow = TopicEvent & StoredRecord;

/** One attempt to deliver one event to one subscription, with what was sent (the v1 routes show neither). */
export type DeliveryRow = MockWebhookDelivery & StoredRecord;

export const topics = defineTable<TopicRow>('topics', {
  unique: { name: (row) => `${row.project_id}:${row.name}` },
});
export const topicSubscriptions = defineTable<SubscriptionRow>('topic_subscriptions');
export const subscriptionSecrets = defineTable<SubscriptionSecretRow>('topic_subscription_secrets');
export const topicEvents = defineTable<TopicEventRow>('topic_events');
export const webhookDeliveries = defineTable<DeliveryRow>('webhook_deliveries');

// `topics` is a default quota already (docs/decisions/0002-v1-envelopes-and-errors.md); subscriptions count against their own.
quotaResources.add(topicSubscriptions.name);
