import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  DeliveryListParams,
  PublishParams,
  TopicCreateParams,
  TopicListParams,
  TopicSubscriptionCreateParams,
  TopicSubscriptionsListParams,
} from '../../generated/types';

/** Webhook subscriptions of one topic (`/api/v1/topics/{id}/subscriptions`): `client.topics.subscriptions`. */
export class TopicSubscriptions extends APIResource {
  /** Subscriptions of topic `topicId`, oldest first. */
  list(topicId: string, query?: TopicSubscriptionsListParams, options?: RequestOptions) {
    return this._client.list(v1.topicSubscriptions.list, { params: { id: topicId }, query }, options);
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
  create(topicId: string, body: TopicSubscriptionCreateParams, options?: RequestOptions) {
    return this._client.call(v1.topicSubscriptions.create, { params: { id: topicId }, body }, options);
  }

  retrieve(topicId: string, subscriptionId: string, options?: RequestOptions) {
    return this._client.call(
      v1.topicSubscriptions.retrieve,
      { params: { id: topicId, subscriptionId } },
      options,
    );
  }

  /** Deletes the subscription; retries still pending for it stop. */
  delete(topicId: string, subscriptionId: string, options?: RequestOptions) {
    return this._client.call(
      v1.topicSubscriptions.delete,
      { params: { id: topicId, subscriptionId } },
      options,
    );
  }

  /**
   * Every delivery attempt of the subscription, oldest first: status code or error, duration,
   * and when the next retry is due.
   *
   * @example
   * for await (const attempt of client.topics.subscriptions.deliveries(topic.id, sub.id, { status: 'failed' })) {
   *   console.log(attempt.event_id, attempt.error);
   * }
   */
  deliveries(topicId: string, subscriptionId: string, query?: DeliveryListParams, options?: RequestOptions) {
    return this._client.list(
      v1.topicSubscriptions.deliveries,
      { params: { id: topicId, subscriptionId }, query },
      options,
    );
  }
}

/** Event Grid topics of the client's project (`/api/v1/topics`). */
export class Topics extends APIResource {
  readonly subscriptions = new TopicSubscriptions(this._client);

  /** Topics of the project, oldest first, optionally the one with `name`. */
  list(query?: TopicListParams, options?: RequestOptions) {
    return this._client.list(v1.topics.list, { query }, options);
  }

  create(body: TopicCreateParams, options?: RequestOptions) {
    return this._client.call(v1.topics.create, { body }, options);
  }

  retrieve(id: string, options?: RequestOptions) {
    return this._client.call(v1.topics.retrieve, { params: { id } }, options);
  }

  /** Deletes the topic and its subscriptions. */
  delete(id: string, options?: RequestOptions) {
    return this._client.call(v1.topics.delete, { params: { id } }, options);
  }

  /**
   * Publishes an event; every subscription whose `event_types` match receives it as a
   * CloudEvents 1.0 POST. The answer says how many subscriptions matched.
   *
   * @example
   * await client.topics.publish(topic.id, { event_type: 'order.created', subject: '/orders/42', data: { total: 120 } });
   */
  publish(id: string, body: PublishParams, options?: RequestOptions) {
    return this._client.call(v1.topics.publish, { params: { id }, body }, options);
  }
}
