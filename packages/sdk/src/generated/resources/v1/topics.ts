// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Topic, TopicCreateParams, TopicEvent, TopicListParams, TopicPublishParams, TopicSubscription, TopicSubscriptionCreateParams, TopicSubscriptionDeliveryListParams, TopicSubscriptionListParams, TopicSubscriptionWithSecret, WebhookDelivery } from '../../types';

/** Delivery attempts of a webhook subscription. */
export class TopicSubscriptionDeliveries extends APIResource {
  /**
   * Delivery attempts of a subscription, oldest first.
   *
   * Not in the API document; every attempt is kept and readable
   * (docs/decisions/0005-event-grid-delivery.md), and a real API exposes them here.
   *
   * @example
   * for await (const attempt of client.topics.subscriptions.deliveries.list(topic.id, sub.id, { status: 'failed' })) {
   *   console.log(attempt.event_id, attempt.error);
   * }
   */
  list(topicId: string, subscriptionId: string, query?: TopicSubscriptionDeliveryListParams, options?: RequestOptions): PagePromise<WebhookDelivery> {
    return this._client.list(v1.topics.subscriptions.deliveries.list, { params: { id: topicId, subscriptionId }, query }, options);
  }
}

/** Webhook subscriptions of a topic. */
export class TopicSubscriptions extends APIResource {
  readonly deliveries = new TopicSubscriptionDeliveries(this._client);

  /** List the webhook subscriptions of a topic. */
  list(topicId: string, query?: TopicSubscriptionListParams, options?: RequestOptions): PagePromise<TopicSubscription> {
    return this._client.list(v1.topics.subscriptions.list, { params: { id: topicId }, query }, options);
  }

  /**
   * Subscribe a webhook to a topic; the answer holds the signing secret, once.
   *
   * @example
   * const sub = await client.topics.subscriptions.create(topic.id, {
   *   webhook_url: 'http://127.0.0.1:8080/hooks',
   *   event_types: 'order.*, compute.instance.running',
   * });
   * saveSecret(sub.secret);
   */
  create(topicId: string, body: TopicSubscriptionCreateParams, options?: RequestOptions): APIPromise<TopicSubscriptionWithSecret> {
    return this._client.call(v1.topics.subscriptions.create, { params: { id: topicId }, body }, options);
  }

  /**
   * Get a subscription.
   *
   * Not in the API document; added because a real API lets a caller read one subscription.
   */
  retrieve(topicId: string, subscriptionId: string, options?: RequestOptions): APIPromise<TopicSubscription> {
    return this._client.call(v1.topics.subscriptions.retrieve, { params: { id: topicId, subscriptionId } }, options);
  }

  /**
   * Delete a subscription; its pending retries stop.
   *
   * Not in the API document; added because a real API lets a caller unsubscribe.
   */
  delete(topicId: string, subscriptionId: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.topics.subscriptions.delete, { params: { id: topicId, subscriptionId } }, options);
  }
}

/** Event Grid topics: publish events to webhook subscribers. */
export class Topics extends APIResource {
  readonly subscriptions = new TopicSubscriptions(this._client);

  /** List topics. */
  list(query?: TopicListParams, options?: RequestOptions): PagePromise<Topic> {
    return this._client.list(v1.topics.list, { query }, options);
  }

  /** Create a topic. */
  create(body: TopicCreateParams, options?: RequestOptions): APIPromise<Topic> {
    return this._client.call(v1.topics.create, { body }, options);
  }

  /** Get a topic. */
  retrieve(id: string, options?: RequestOptions): APIPromise<Topic> {
    return this._client.call(v1.topics.retrieve, { params: { id } }, options);
  }

  /** Delete a topic and its subscriptions. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.topics.delete, { params: { id } }, options);
  }

  /**
   * Publish an event; it is delivered to every matching subscription.
   *
   * @example
   * await client.topics.publish(topic.id, { event_type: 'order.created', subject: '/orders/42', data: { total: 120 } });
   */
  publish(id: string, body: TopicPublishParams, options?: RequestOptions): APIPromise<TopicEvent> {
    return this._client.call(v1.topics.publish, { params: { id }, body }, options);
  }
}
