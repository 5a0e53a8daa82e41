import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, ResourceName, Timestamp, Uuid, urlPattern } from '../common';
import { endpoint } from '../define';
import { secret } from '../secrets';

/** An event type: dot-separated words, e.g. `order.created` or `compute.instance.running`. */
export const EventType = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/, {
    error: 'must be dot-separated words of letters, digits, "_" and "-"',
  });

/** One entry of `event_types`: `*`, an exact type, or a prefix ending in `.*` (docs/decisions/0005-event-grid-delivery.md). */
const EVENT_TYPE_PATTERN = /^(?:\*|[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*(?:\.\*)?)$/;
/** One item of the list in JSON Schema: the same, with the whitespace `trim()` drops around it. */
const EVENT_TYPE_ITEM = `\\s*${EVENT_TYPE_PATTERN.source.slice(1, -1)}\\s*`;

export const EventTypeFilter = z
  .string()
  .min(1)
  .max(1000)
  .refine((value) => value.split(',').every((part) => EVENT_TYPE_PATTERN.test(part.trim())), {
    error: 'must be a comma-separated list of event types, "prefix.*" patterns or "*"',
  })
  .describe('Comma-separated event types to deliver: "*" for all, "compute.*" for a prefix, or exact types')
  .meta({ pattern: `^${EVENT_TYPE_ITEM}(?:,${EVENT_TYPE_ITEM})*$` });

/**
 * A webhook target. Only http(s), no user:password part, no whitespace or control characters
 * (a CR/LF would let a caller forge headers). Which hosts are delivered to is a server setting.
 */
export const WebhookUrl = secret(z.string(), 'url-password')
  .min(1)
  .max(2048)
  .refine((value) => !/\s/.test(value) && !hasControlCharacter(value), {
    error: 'must not contain whitespace or control characters',
  })
  .refine((value) => httpUrl(value) !== undefined, { error: 'must be an http or https URL' })
  .refine((value) => credentialsFree(httpUrl(value)), { error: 'must not contain credentials' })
  .describe('http(s) URL that receives the events as CloudEvents 1.0 JSON POSTs')
  // What the refinements say: http(s), a host with no user:password@, no whitespace or control character.
  .meta({ format: 'uri', pattern: urlPattern(['http', 'https'], false) });

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

// Plain checks rather than z.url(): z.url() normalises the value first, which would hide a CR/LF.
function httpUrl(value: string): URL | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : undefined;
}

function credentialsFree(url: URL | undefined): boolean {
  return !url || (url.username === '' && url.password === '');
}

export const Topic = ProjectRecord.extend({
  name: z.string(),
  description: z.string(),
});

export const TopicCreateBody = z.object({
  name: ResourceName.describe('Topic name, unique in the project'),
  description: z.string().max(500).default('').describe('What the topic carries'),
});

export const TopicListQuery = listQuery({
  name: z.string().optional().describe('Only the topic with this name'),
});

export const TopicPublishBody = z.object({
  event_type: EventType.describe('Type of the event, e.g. order.created'),
  subject: z.string().min(1).max(512).describe('What the event is about, e.g. /orders/42'),
  data: z.record(z.string(), z.unknown()).describe('Event payload (a JSON object)'),
});

export const TopicEvent = ProjectRecord.extend({
  topic_id: Uuid,
  event_type: z.string(),
  subject: z.string(),
  data: z.record(z.string(), z.unknown()),
  time: Timestamp.describe('When the event was published'),
  matched_subscriptions: z
    .number()
    .int()
    .nonnegative()
    .describe('Subscriptions the event is being delivered to'),
});

export const SubscriptionStatus = z.enum(['active']);

export const TopicSubscription = ProjectRecord.extend({
  topic_id: Uuid,
  webhook_url: z.string(),
  event_types: z.string(),
  max_retries: z.number().int().nonnegative(),
  status: SubscriptionStatus,
});

/** The creation answer: the only time the signing secret is shown. */
export const TopicSubscriptionWithSecret = TopicSubscription.extend({
  secret: secret(z.string()).describe(
    'Signing secret of X-Nimbus-Signature (HMAC-SHA256); shown only in this response',
  ),
});

export const TopicSubscriptionCreateBody = z.object({
  webhook_url: WebhookUrl,
  event_types: EventTypeFilter,
  max_retries: z
    .number()
    .int()
    .min(0)
    .max(10)
    .default(3)
    .describe('Retries after a failed delivery (non-2xx or network error), 0..10'),
});

export const SubscriptionParams = z.object({ id: Uuid, subscriptionId: Uuid });

export const DeliveryStatus = z
  .enum(['delivered', 'retrying', 'failed', 'not_sent'])
  .describe(
    'delivered: 2xx; retrying: failed, another attempt follows; failed: failed, no attempt follows; not_sent: the server does not send to this host (error says why), no attempt follows',
  );

/** One delivery attempt of one event to one subscription. */
export const WebhookDelivery = ProjectRecord.extend({
  topic_id: Uuid,
  subscription_id: Uuid,
  event_id: Uuid,
  event_type: z.string(),
  attempt: z.number().int().nonnegative().describe('1 for the first try, then 2, 3, ...'),
  status: DeliveryStatus,
  status_code: z
    .number()
    .int()
    .min(100)
    .max(599)
    .nullable()
    .describe('HTTP status the receiver answered; null on a network error or when nothing was sent'),
  error: z.string().nullable().describe('Why the attempt failed or was not sent; null when delivered'),
  duration_ms: z.number().describe('Time the attempt took'),
  attempted_at: Timestamp,
  next_retry_at: Timestamp.nullable().describe('When the next attempt is due; null when none follows'),
});

export const TopicSubscriptionDeliveryListQuery = listQuery({
  status: DeliveryStatus.optional().describe('Only attempts with this outcome'),
  event_id: Uuid.optional().describe('Only attempts for this event'),
});

const base = { family: 'eventgrid', auth: 'bearer', project: true } as const;

const subscriptions = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/topics/{id}/subscriptions',
    summary: 'List the webhook subscriptions of a topic',
    params: IdParams,
    query: listQuery({}),
    response: TopicSubscription,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/topics/{id}/subscriptions',
    summary: 'Subscribe a webhook to a topic; the answer holds the signing secret, once',
    example: `
      const sub = await client.topics.subscriptions.create(topic.id, {
        webhook_url: 'http://127.0.0.1:8080/hooks',
        event_types: 'order.*, compute.instance.running',
      });
      saveSecret(sub.secret);
    `,
    params: IdParams,
    body: TopicSubscriptionCreateBody,
    response: TopicSubscriptionWithSecret,
    status: 201,
  }),
  retrieve: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/topics/{id}/subscriptions/{subscriptionId}',
    summary: 'Get a subscription',
    description: 'Not in the API document; added because a real API lets a caller read one subscription.',
    params: SubscriptionParams,
    response: TopicSubscription,
    status: 200,
  }),
  delete: endpoint({
    ...base,
    method: 'DELETE',
    path: '/api/v1/topics/{id}/subscriptions/{subscriptionId}',
    summary: 'Delete a subscription; its pending retries stop',
    description: 'Not in the API document; added because a real API lets a caller unsubscribe.',
    params: SubscriptionParams,
    response: z.void(),
    status: 204,
  }),
  deliveries: {
    list: endpoint({
      ...base,
      method: 'GET',
      path: '/api/v1/topics/{id}/subscriptions/{subscriptionId}/deliveries',
      summary: 'Delivery attempts of a subscription, oldest first',
      description:
        'Not in the API document; every attempt is kept and readable (docs/decisions/0005-event-grid-delivery.md), and a real API exposes them here.',
      example: `
        for await (const attempt of client.topics.subscriptions.deliveries.list(topic.id, sub.id, { status: 'failed' })) {
          console.log(attempt.event_id, attempt.error);
        }
      `,
      params: SubscriptionParams,
      query: TopicSubscriptionDeliveryListQuery,
      response: WebhookDelivery,
      list: true,
      status: 200,
    }),
  },
};

export const topics = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/topics',
    summary: 'List topics',
    query: TopicListQuery,
    response: Topic,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/topics',
    summary: 'Create a topic',
    body: TopicCreateBody,
    response: Topic,
    status: 201,
  }),
  retrieve: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/topics/{id}',
    summary: 'Get a topic',
    params: IdParams,
    response: Topic,
    status: 200,
  }),
  delete: endpoint({
    ...base,
    method: 'DELETE',
    path: '/api/v1/topics/{id}',
    summary: 'Delete a topic and its subscriptions',
    params: IdParams,
    response: z.void(),
    status: 204,
  }),
  publish: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/topics/{id}/publish',
    summary: 'Publish an event; it is delivered to every matching subscription',
    example: `await client.topics.publish(topic.id, { event_type: 'order.created', subject: '/orders/42', data: { total: 120 } });`,
    params: IdParams,
    body: TopicPublishBody,
    response: TopicEvent,
    status: 201,
  }),
  subscriptions,
};

export type Topic = z.infer<typeof Topic>;
export type TopicEvent = z.infer<typeof TopicEvent>;
export type TopicSubscription = z.infer<typeof TopicSubscription>;
export type TopicSubscriptionWithSecret = z.infer<typeof TopicSubscriptionWithSecret>;
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;
