import type { DeliveryStatus } from '@nimbus/sdk/contract';
import { quotaResources } from '../../../core/quotas';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';

export interface TopicRow extends StoredRecord {
  project_id: string;
  name: string;
  description: string;
}

export interface SubscriptionRow extends StoredRecord {
  project_id: string;
  topic_id: string;
  webhook_url: string;
  event_types: string;
  max_retries: number;
  status: 'active';
}

/**
 * The signing secret of a subscription (id = subscription id), sealed with the server secret
 * (core/secrets.ts) because deliveries need it in clear. Kept apart from the subscription row
 * so the `.created` platform event, which carries the row, never carries it.
 */
export interface SubscriptionSecretRow extends StoredRecord {
  sealed: string;
}

/** An event published to a topic, kept as sent. */
export interface TopicEventRow extends StoredRecord {
  project_id: string;
  topic_id: string;
  event_type: string;
  subject: string;
  data: Record<string, unknown>;
  time: string;
  matched_subscriptions: number;
}

/** One attempt to deliver one event to one subscription. */
export interface DeliveryRow extends StoredRecord {
  project_id: string;
  topic_id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status: DeliveryStatus;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  attempted_at: string;
  next_retry_at: string | null;
}

export const topics = defineTable<TopicRow>('topics', {
  unique: { name: (row) => `${row.project_id}:${row.name}` },
});
export const topicSubscriptions = defineTable<SubscriptionRow>('topic_subscriptions');
export const subscriptionSecrets = defineTable<SubscriptionSecretRow>('topic_subscription_secrets');
export const topicEvents = defineTable<TopicEventRow>('topic_events');
export const webhookDeliveries = defineTable<DeliveryRow>('webhook_deliveries');

// `topics` is a default quota already (DECISIONS.md §2); subscriptions count against their own.
quotaResources.add(topicSubscriptions.name);
