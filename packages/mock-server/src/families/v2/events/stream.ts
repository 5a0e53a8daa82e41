import type { VideoEvent } from '@nimbus/sdk/contract';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import { endpoint } from '@nimbus/sdk/contract/define';
import {
  VIDEO_EVENT_STREAM_PATH,
  VideoEventEnvelope,
  VideoEventStreamQuery,
} from '@nimbus/sdk/contract/v2/events';
import { HttpError } from '../../../core/pipeline/http-error';
import type { RequestHead } from '../../../core/pipeline/request';
import { authenticate } from '../../../core/pipeline/stages/auth';
import { parseOr400 } from '../../../core/pipeline/validation';
import type { Runtime } from '../../../core/services/runtime';
import { videoServices } from '../services';
import { videoCameras } from '../tables';
import { type EventFilter, matchesFilter, normalizeTime } from './log';

/** The stream as an endpoint, for the core's token checks; it is not routed over plain HTTP. */
const streamEndpoint = endpoint({
  method: 'GET',
  path: VIDEO_EVENT_STREAM_PATH,
  family: 'video',
  summary: 'Realtime detection events (WebSocket)',
  query: VideoEventStreamQuery,
  response: VideoEventEnvelope,
  status: 200,
  auth: 'query-token',
  scope: 'events:read',
});

/** Who may open the stream and what they asked for. */
export interface StreamGrant {
  tenantId: string;
  filter: EventFilter;
}

/**
 * Checks a request to open `GET /v2/ws/events?token=` (docs/decisions/0006-video-service.md) the same way whichever
 * transport carries it (the Node server's upgrade, msw's WebSocket interception): a workload
 * token with `events:read`, valid filters, a camera of the caller's tenant. Throws an HttpError.
 */
export async function authorizeStream(
  runtime: Runtime,
  request: RequestHead,
  url: URL,
): Promise<StreamGrant> {
  runtime.clock.runDue();
  const principal = await authenticate(runtime, request, url, streamEndpoint);
  if (principal?.kind !== 'workload') throw HttpError.unauthenticated('A workload token is required');
  if (!principal.scopes.includes('events:read')) {
    throw HttpError.of(ErrorCode.INSUFFICIENT_SCOPE, 'The token lacks the scope events:read', {
      scope: 'events:read',
    });
  }
  const query = parseOr400(VideoEventStreamQuery, queryOf(url), 'query');
  const tenantId = principal.tenantId;
  if (query.camera_id && !runtime.store.table(videoCameras).getIn(tenantId, query.camera_id)) {
    throw HttpError.notFound('Camera');
  }
  return {
    tenantId,
    filter: {
      camera_id: query.camera_id,
      types: query.type,
      since: query.since && normalizeTime(query.since),
    },
  };
}

/** The query without the token, which is a credential, not a filter. */
function queryOf(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (key !== 'token') out[key] = value;
  return out;
}

/** A tenant's live events, held back until the replay of stored ones is done. */
export interface LiveFeed {
  /** Sends what was published during the replay, minus what it already sent, then every new event. */
  goLive(send: (event: VideoEvent) => void, alreadySent: ReadonlySet<string>): void;
  unsubscribe(): void;
}

/**
 * Subscribes before the replay reads the store: whatever is published meanwhile waits and goes
 * out after the replay, minus what the replay already sent (no gap, no duplicate).
 */
export function subscribeLive(runtime: Runtime, { tenantId, filter }: StreamGrant): LiveFeed {
  const pending: VideoEvent[] = [];
  let deliver: ((event: VideoEvent) => void) | undefined;
  const unsubscribe = videoServices(runtime).bus.subscribe((event) => {
    if (event.tenant_id !== tenantId || !matchesFilter(event, filter)) return;
    if (deliver) deliver(event);
    else pending.push(event);
  });
  return {
    unsubscribe,
    goLive(send, alreadySent) {
      for (const event of pending.splice(0)) if (!alreadySent.has(event.id)) send(event);
      deliver = send;
    },
  };
}
