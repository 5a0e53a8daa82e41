import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  Topic,
  TopicCreateParams,
  TopicEvent,
  TopicListParams,
  TopicPublishParams,
  TopicSubscription,
  TopicSubscriptionCreateParams,
  TopicSubscriptionDeliveryListParams,
  TopicSubscriptionListParams,
  TopicSubscriptionWithSecret,
  WebhookDelivery,
} from '../../generated/types';

/** Delivery attempts of a webhook subscription (`/api/v1/topics/{id}/subscriptions/{subscriptionId}/deliveries`). */
export class TopicSubscriptionDeliveries extends APIResource {
  /**
   * Every delivery attempt of the subscription, oldest first: status code or error, duration,
   * and when the next retry is due.
   *
   * @example
   * for await (const attempt of client.topics.subscriptions.deliveries.list(topic.id, sub.id, { status: 'failed' })) {
   *   console.log(attempt.event_id, attempt.error);
   * }
   */
  list(
    topicId: string,
    subscriptionId: string,
    query?: TopicSubscriptionDeliveryListParams,
    options?: RequestOptions,
  ): PagePromise<WebhookDelivery> {
    return this._client.list(
      v1.topics.subscriptions.deliveries.list,
      { params: { id: topicId, subscriptionId }, query },
      options,
    );
  }
}

/** Webhook subscriptions of one topic (`/api/v1/topics/{id}/subscriptions`): `client.topics.subscriptions`. */
export class TopicSubscriptions extends APIResource {
  readonly deliveries = new TopicSubscriptionDeliveries(this._client);

  /** Subscriptions of topic `topicId`, oldest first. */
  list(
    topicId: string,
    query?: TopicSubscriptionListParams,
    options?: RequestOptions,
  ): PagePromise<TopicSubscription> {
    return this._client.list(v1.topics.subscriptions.list, { params: { id: topicId }, query }, options);
  }

  /**
   * Subscribes a webhook. The answer holds the signing `secret`, shown only this once: keep it
   * to verify `X-Nimbus-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`).
   *
   * @example
   * const sub = await client.topics.subscriptions.create(topic.id, {
   *   webhook_url: 'http://127.0.0.1:8080/hooks',
   *   event_types: 'order.*, compute.instance.running',
   * });
   * saveSecret(sub.secret);
   */
  create(
    topicId: string,
    body: TopicSubscriptionCreateParams,
    options?: RequestOptions,
  ): APIPromise<TopicSubscriptionWithSecret> {
    return this._client.call(v1.topics.subscriptions.create, { params: { id: topicId }, body }, options);
  }

  retrieve(topicId: string, subscriptionId: string, options?: RequestOptions): APIPromise<TopicSubscription> {
    return this._client.call(
      v1.topics.subscriptions.retrieve,
      { params: { id: topicId, subscriptionId } },
      options,
    );
  }

  /** Deletes the subscription; retries still pending for it stop. */
  delete(topicId: string, subscriptionId: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(
      v1.topics.subscriptions.delete,
      { params: { id: topicId, subscriptionId } },
      options,
    );
  }
}

/** Event Grid topics of the client's project (`/api/v1/topics`). */
export class Topics extends APIResource {
  readonly subscriptions = new TopicSubscriptions(this._client);

  /** Topics of the project, oldest first, optionally the one with `name`. */
  list(query?: TopicListParams, options?: RequestOptions): PagePromise<Topic> {
    return this._client.list(v1.topics.list, { query }, options);
  }

  create(body: TopicCreateParams, options?: RequestOptions): APIPromise<Topic> {
    return this._client.call(v1.topics.create, { body }, options);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<Topic> {
    return this._client.call(v1.topics.retrieve, { params: { id } }, options);
  }

  /** Deletes the topic and its subscriptions. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.topics.delete, { params: { id } }, options);
  }

  /**
   * Publishes an event; every subscription whose `event_types` match receives it as a
   * CloudEvents 1.0 POST. The answer says how many subscriptions matched.
   *
   * @example
   * await client.topics.publish(topic.id, { event_type: 'order.created', subject: '/orders/42', data: { total: 120 } });
   */
  publish(id: string, body: TopicPublishParams, options?: RequestOptions): APIPromise<TopicEvent> {
    return this._client.call(v1.topics.publish, { params: { id }, body }, options);
  }
}
