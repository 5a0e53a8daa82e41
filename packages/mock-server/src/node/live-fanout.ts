import type { VideoEvent } from '@nimbus/sdk/contract';
import { type EventFilter, matchesFilter } from '../families/v2/events/log';
import type { VideoEventBus } from '../families/v2/services';

/** A live stream client as the fan-out sees it: somewhere to write a flush's bytes. */
export interface LiveMember {
  write(bytes: Buffer): void;
}

/** The clients of one tenant with one filter: they get the same frames, so the same bytes. */
interface Group {
  readonly tenantId: string;
  readonly filter: EventFilter;
  /** Frames waiting for the next flush. */
  frames: Buffer[];
  /** Members, each with how many of `frames` were queued before it joined (it must skip them). */
  readonly members: Map<LiveMember, number>;
}

/**
 * Live frames leave in flushes, one write per socket each: at hundreds of events a second to a
 * thousand clients, a write per frame per client is what the machine runs out of (the system
 * call on each socket, not the JavaScript). A flush starts at once when the last one ended at
 * least FLUSH_GAP_MS ago (a lone event waits for nothing), else when the gap is over; measured
 * from its end, so the writes never take more than their share of the CPU however long they run.
 */
const FLUSH_GAP_MS = 10;

/**
 * The live half of the event stream on the Node server. Clients are grouped by tenant and
 * filter: an event is matched and framed once per group, not per client, and a flush writes
 * each group's frames, concatenated once, to each of its sockets. Per client and flush there is
 * the write and nothing else.
 */
export class LiveFanout {
  readonly #groups = new Map<string, Group>();
  readonly #unsubscribe: () => void;
  /** Cancels the flush scheduled, if any. */
  #cancelFlush: (() => void) | undefined;
  #lastFlushEnd = Number.NEGATIVE_INFINITY;

  constructor(bus: VideoEventBus) {
    this.#unsubscribe = bus.subscribe((event) => this.#publish(event));
  }

  /** Adds a client from the next event on; answers the function that removes it. */
  join(tenantId: string, filter: EventFilter, member: LiveMember): () => void {
    const key = groupKey(tenantId, filter);
    let group = this.#groups.get(key);
    if (!group) {
      group = { tenantId, filter, frames: [], members: new Map() };
      this.#groups.set(key, group);
    }
    group.members.set(member, group.frames.length);
    const joined = group;
    return () => {
      joined.members.delete(member);
      if (joined.members.size === 0 && this.#groups.get(key) === joined) this.#groups.delete(key);
    };
  }

  close(): void {
    this.#unsubscribe();
    this.#cancelFlush?.();
    this.#groups.clear();
  }

  #publish(event: VideoEvent): void {
    let frame: Buffer | undefined;
    for (const group of this.#groups.values()) {
      if (group.tenantId !== event.tenant_id || !matchesFilter(event, group.filter)) continue;
      frame ??= wireFrameOf(event);
      group.frames.push(frame);
      this.#schedule();
    }
  }

  #schedule(): void {
    if (this.#cancelFlush !== undefined) return;
    const wait = this.#lastFlushEnd + FLUSH_GAP_MS - performance.now();
    if (wait > 0) {
      const timer = setTimeout(this.#flush, wait).unref();
      this.#cancelFlush = () => clearTimeout(timer);
    } else {
      // Not a write now: the events published in the same turn share the flush.
      const immediate = setImmediate(this.#flush).unref();
      this.#cancelFlush = () => clearImmediate(immediate);
    }
  }

  readonly #flush = (): void => {
    this.#cancelFlush = undefined;
    for (const group of this.#groups.values()) {
      const frames = group.frames;
      if (frames.length === 0) continue;
      group.frames = [];
      const bytes = frames.length === 1 ? frames[0]! : Buffer.concat(frames);
      // A member may leave (a slow client cut off) while this loop runs: Map iteration allows it.
      for (const [member, skip] of group.members) {
        if (skip === 0) member.write(bytes);
        else {
          group.members.set(member, 0);
          if (skip < frames.length) member.write(Buffer.concat(frames.slice(skip)));
        }
      }
    }
    this.#lastFlushEnd = performance.now();
  };
}

function groupKey(tenantId: string, filter: EventFilter): string {
  return JSON.stringify([tenantId, filter.camera_id, filter.types, filter.since]);
}

/**
 * The whole WebSocket frame of a live event (RFC 6455: FIN + text, server frames are not
 * masked), written to each socket as it is: ws's per-send framing was most of the JavaScript of
 * a fan-out. Sound because the server negotiates no extension (no permessage-deflate) and every
 * write is of whole frames, so frames never interleave.
 */
function wireFrameOf(event: VideoEvent): Buffer {
  const payload = Buffer.from(JSON.stringify({ v: 2, data: event }));
  const length = payload.byteLength;
  const head =
    length < 126
      ? Buffer.from([0x81, length])
      : length < 65_536
        ? Buffer.from([0x81, 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x81, 127]), bigEndian64(length)]);
  return Buffer.concat([head, payload]);
}

function bigEndian64(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
}
