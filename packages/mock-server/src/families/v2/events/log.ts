import type { DetectionBox, VideoEventType } from '@nimbus/sdk/contract';
import { VideoEvent } from '@nimbus/sdk/contract/v2/events';
import { fieldError } from '../../../core/pipeline/http-error';
import { publicView } from '../../../core/pipeline/public-view';
import type { Runtime } from '../../../core/services/runtime';
import { fromBase64Url, hmacSha256Hex, toBase64Url } from '../../../core/services/secrets';
import type { Store } from '../../../store/store';
import { hourOf } from '../playback/recordings';
import { videoServices } from '../services';
import { type CameraRow, type EventRow, videoEvents } from '../tables';
import { MODEL_VERSION, newTrackId, plausibleBox, plausibleConfidence } from './detections';

/** Stored events kept per tenant; older ones are dropped so a long-running simulator stays small. */
export const EVENTS_KEPT_PER_TENANT = 10_000;

export interface Detection {
  type: VideoEventType;
  confidence?: number | undefined;
  payload?: { boxes?: DetectionBox[] | undefined; track_id?: number | undefined } | undefined;
}

/** The event as clients see it (no internal fields). */
export function publicEvent(row: EventRow): VideoEvent {
  return publicView(VideoEvent, row) as VideoEvent;
}

/**
 * Stores a detection of `camera` at the clock's current time and publishes it live. Times only
 * grow, so the stream's order is also `ts` order: a client resuming from the last `ts` it saw
 * misses nothing.
 */
export function recordEvent(runtime: Runtime, camera: CameraRow, detection: Detection): EventRow {
  const at = runtime.clock.now();
  const ts = runtime.clock.iso(at);
  const id = crypto.randomUUID();
  const { date, hour } = hourOf(at);
  const table = runtime.store.table(videoEvents);
  const row = table.insert({
    id,
    created_at: ts,
    updated_at: ts,
    project_id: camera.tenant_id,
    tenant_id: camera.tenant_id,
    camera_id: camera.id,
    type: detection.type,
    confidence: detection.confidence ?? plausibleConfidence(),
    payload: {
      boxes: detection.payload?.boxes ?? [plausibleBox(detection.type)],
      track_id: detection.payload?.track_id ?? newTrackId(),
    },
    snapshot_url: `/v2/hls/${camera.id}/${date}/${hour}/snapshots/${id}.jpg`,
    trace_id: crypto.randomUUID(),
    model_version: MODEL_VERSION,
    ts,
  });
  const kept = table.list(camera.tenant_id);
  while (kept.length > EVENTS_KEPT_PER_TENANT) table.delete(kept[0]!.id);
  videoServices(runtime).bus.publish(publicEvent(row));
  return row;
}

export interface EventFilter {
  camera_id?: string | undefined;
  types?: readonly VideoEventType[] | undefined;
  /** ISO time (`Z`, milliseconds): only events at or after it. */
  since?: string | undefined;
}

export function matchesFilter(
  event: Pick<EventRow, 'camera_id' | 'type' | 'ts'>,
  filter: EventFilter,
): boolean {
  if (filter.camera_id !== undefined && event.camera_id !== filter.camera_id) return false;
  if (filter.types !== undefined && !filter.types.includes(event.type)) return false;
  return filter.since === undefined || event.ts >= filter.since;
}

/** Any ISO-8601 date-time the contract accepted, as the stored form (`Z`, milliseconds) for comparing. */
export function normalizeTime(value: string): string {
  return new Date(value).toISOString();
}

/** A place in the event order (`ts`, then id): the last event of a page or of a replayed chunk. */
interface Position {
  ts: string;
  id: string;
}

/**
 * A page of a tenant's events, newest first, after `cursor`. Ties in `ts` are ordered by id,
 * the same order the table keeps, so no event is skipped or repeated between pages.
 */
export function pageOfEvents(
  store: Store,
  tenantId: string,
  filter: EventFilter,
  limit: number,
  cursor: string | undefined,
): { items: EventRow[]; next_cursor: string | null } {
  const after = cursor === undefined ? undefined : decodeCursor(store, cursor);
  const rows = store.table(videoEvents).list(tenantId);
  const items: EventRow[] = [];
  let more = false;
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    if (filter.since !== undefined && row.ts < filter.since) break;
    if (after && (row.ts > after.ts || (row.ts === after.ts && row.id >= after.id))) continue;
    if (!matchesFilter(row, filter)) continue;
    if (items.length === limit) {
      more = true;
      break;
    }
    items.push(row);
  }
  const last = items.at(-1);
  return { items, next_cursor: more && last ? encodeCursor(store, { ts: last.ts, id: last.id }) : null };
}

/**
 * The stored events a stream replays before going live, oldest first, a chunk at a time.
 *
 * The place reached is a time plus the ids already sent, not a (`ts`, id) pair: an event
 * recorded during the replay in the same millisecond as the last one sent may sort before it
 * by id, and must still go out next, not after later events.
 */
export class Replay {
  /** Ids sent so far, so the live events held back during the replay are not sent twice. */
  readonly sent = new Set<string>();
  #from: string | undefined;

  constructor(
    private readonly store: Store,
    private readonly tenantId: string,
    private readonly filter: EventFilter,
  ) {
    this.#from = filter.since;
  }

  /** The next at most `limit` events, marked as sent; empty once the replay has caught up. */
  next(limit: number): EventRow[] {
    const from = this.#from;
    if (from === undefined) return [];
    const out: EventRow[] = [];
    for (const row of this.store.table(videoEvents).list(this.tenantId)) {
      if (row.ts < from || this.sent.has(row.id) || !matchesFilter(row, this.filter)) continue;
      out.push(row);
      this.sent.add(row.id);
      if (out.length === limit) break;
    }
    this.#from = out.at(-1)?.ts ?? from;
    return out;
  }
}

// Cursors are opaque to clients and signed, so a forged or edited one is refused instead of
// quietly answering some other page.
function cursorKey(store: Store): string {
  return `video-events-cursor:${store.state.secret}`;
}

function encodeCursor(store: Store, position: Position): string {
  const payload = toBase64Url(new TextEncoder().encode(`${position.ts}|${position.id}`));
  return `${payload}.${hmacSha256Hex(cursorKey(store), payload).slice(0, 32)}`;
}

function decodeCursor(store: Store, cursor: string): Position {
  const invalid = () => fieldError('query.cursor', 'is not a cursor this server issued');
  const [payload, signature, extra] = cursor.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid();
  if (hmacSha256Hex(cursorKey(store), payload).slice(0, 32) !== signature) throw invalid();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(payload));
  } catch {
    throw invalid();
  }
  const [ts, id] = text.split('|');
  if (!ts || !id) throw invalid();
  return { ts, id };
}
