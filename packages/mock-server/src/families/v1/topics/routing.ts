import type { PlatformEvent } from '../../../core/services/events';
import type { Runtime } from '../../../core/services/runtime';
import { type CloudEvent, dispatcherOf } from './dispatcher';
import { matchesEventTypes } from './matching';
import { subscriptionSecrets, type TopicEventRow, topicSubscriptions } from './tables';

/** Fields of platform-event data that are never sent out (hashes, sealed values): by name. */
const INTERNAL_FIELD = /hash|sealed|secret|password/i;

/** A topic's events, as a CloudEvent. */
export function topicCloudEvent(row: TopicEventRow): CloudEvent {
  return {
    specversion: '1.0',
    id: row.id,
    source: `/projects/${row.project_id}/topics/${row.topic_id}`,
    type: row.event_type,
    subject: row.subject,
    time: row.time,
    datacontenttype: 'application/json',
    data: row.data,
  };
}

/** A platform event (resource lifecycle, budget alert), as a CloudEvent from the platform. */
export function platformCloudEvent(event: PlatformEvent): CloudEvent {
  return {
    specversion: '1.0',
    id: event.id,
    source: `/projects/${event.project_id}/platform`,
    type: event.type,
    subject: event.subject,
    time: event.time,
    datacontenttype: 'application/json',
    data: withoutInternalFields(event.data) as Record<string, unknown>,
  };
}

/**
 * Hands `event` to the dispatcher for every matching subscription of the project (of one
 * topic when `topicId` is given) and answers how many there were. A subscription whose
 * secret is not stored yet (its own `.created` event) is not ready and is skipped.
 */
export function deliverToMatching(
  runtime: Runtime,
  projectId: string,
  event: CloudEvent,
  topicId?: string,
): number {
  const secrets = runtime.store.table(subscriptionSecrets);
  const targets = runtime.store
    .table(topicSubscriptions)
    .filter(
      (sub) =>
        (topicId === undefined || sub.topic_id === topicId) &&
        matchesEventTypes(sub.event_types, event.type) &&
        secrets.get(sub.id) !== undefined,
      projectId,
    );
  const dispatcher = dispatcherOf(runtime);
  for (const subscription of targets) dispatcher.deliver(subscription, event);
  return targets.length;
}

function withoutInternalFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutInternalFields);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !INTERNAL_FIELD.test(key))
      .map(([key, field]) => [key, withoutInternalFields(field)]),
  );
}
