import {
  type Topic,
  TopicCreateBody,
  type TopicSubscription,
  TopicSubscriptionCreateBody,
  type TopicSubscriptionWithSecret,
} from '@nimbus/sdk/contract';
import * as z from 'zod';
import { bodyFields, changedFields, collect, type Kind } from '../kind';

type SubscriptionEntry = z.output<typeof TopicSubscriptionCreateBody>;

/**
 * Webhook subscriptions, nested in their topic's entry and identified by their URL. No
 * update route. The signing secret is shown once, when apply creates the subscription.
 */
const subscriptionsKind: Kind<SubscriptionEntry, TopicSubscription> = {
  key: 'subscriptions',
  group: 'topics.subscriptions',
  noun: 'subscription',
  entry: TopicSubscriptionCreateBody,
  available: (client) => 'topics' in client && 'subscriptions' in client.topics,
  nameOf: (item) => item.webhook_url,
  recordName: (record) => record.webhook_url,
  idOf: (record) => record.id,
  list: (api, topicId) => collect(api.client.topics.subscriptions.list(topicId!, { per_page: 100 })),
  diff: (item, record) => changedFields(item, record),
  create: (item, api, topicId) => api.client.topics.subscriptions.create(topicId!, item, api.writeOnce()),
  delete: async (record, api, topicId) => {
    await api.client.topics.subscriptions.delete(topicId!, record.id);
  },
  export: (record) => bodyFields(TopicSubscriptionCreateBody, record),
  createdNote: (record) =>
    `signing secret ${(record as TopicSubscriptionWithSecret).secret} (shown only now)`,
};

const TopicEntry = TopicCreateBody.extend({
  subscriptions: z
    .array(TopicSubscriptionCreateBody)
    .default([])
    .describe('Webhook subscriptions of the topic, created after it'),
});

type Item = z.output<typeof TopicEntry>;

/** Event Grid topics with their webhook subscriptions. No update route. */
export const topicsKind: Kind<Item, Topic> = {
  key: 'topics',
  group: 'topics',
  noun: 'topic',
  entry: TopicEntry,
  child: { field: 'subscriptions', kind: subscriptionsKind },
  available: (client) => 'topics' in client,
  nameOf: (item) => item.name,
  recordName: (record) => record.name,
  idOf: (record) => record.id,
  list: (api) => collect(api.client.topics.list({ per_page: 100 })),
  diff: (item, record) => changedFields(item, record, { skip: ['subscriptions'] }),
  create: ({ subscriptions: _later, ...body }, api) => api.client.topics.create(body, api.writeOnce()),
  delete: async (record, api) => {
    await api.client.topics.delete(record.id);
  },
  export: (record) => bodyFields(TopicCreateBody, record),
};
