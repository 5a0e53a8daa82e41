import { ErrorCode } from '@nimbus/sdk/contract/common';
import { HttpError } from '../pipeline/http-error';
import type { Reply } from '../pipeline/request';
import { BoundedCache, stringBytes } from './bounded-cache';
import { sha256 } from './secrets';

interface Entry {
  bodyHash: string;
  expiresAt: number;
  reply: Promise<Reply>;
  /** The answer's body, once there is one: what the entry weighs. */
  replyBytes: number;
}

const TTL_MS = 24 * 3600 * 1000;
/** Past either cap the oldest keys are forgotten (a replay of one then runs the call again). */
const MAX_ENTRIES = 10_000;
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * `Idempotency-Key` on POST: the same key and body answer the first result (even while
 * it is still running); the same key with another body is 409.
 */
export class IdempotencyCache {
  readonly #entries = new BoundedCache<Entry>({
    maxEntries: MAX_ENTRIES,
    maxBytes: MAX_BYTES,
    bytesOf: (id, entry) => stringBytes(id) + entry.replyBytes + 256,
  });

  /** Forgets every key (a reset or import starts the server over). */
  clear(): void {
    this.#entries.clear();
  }

  async run(
    scope: string,
    key: string,
    body: string,
    now: number,
    execute: () => Promise<Reply>,
  ): Promise<Reply> {
    const id = `${scope}\n${key}`;
    const bodyHash = sha256(body);
    const existing = this.#entries.get(id);
    if (existing && existing.expiresAt > now) {
      if (existing.bodyHash !== bodyHash) {
        throw HttpError.of(
          ErrorCode.IDEMPOTENCY_KEY_REUSED,
          'Idempotency-Key was already used with another body',
        );
      }
      const first = await existing.reply;
      return { ...first, headers: { ...first.headers, 'idempotent-replayed': 'true' } };
    }
    const reply = execute();
    const entry: Entry = { bodyHash, expiresAt: now + TTL_MS, reply, replyBytes: 0 };
    this.#entries.set(id, entry);
    try {
      const done = await reply;
      // Errors are not remembered: a retry after a failure must be able to succeed.
      if (this.#entries.get(id) === entry) {
        if (done.status >= 400) this.#entries.delete(id);
        else {
          entry.replyBytes = bodyBytes(done.body);
          this.#entries.set(id, entry);
        }
      }
      // The caller adds its own headers to what it answers: the remembered reply stays as it was.
      return { ...done, headers: { ...done.headers } };
    } catch (error) {
      if (this.#entries.get(id) === entry) this.#entries.delete(id);
      throw error;
    }
  }
}

function bodyBytes(body: Reply['body']): number {
  if (body === null) return 0;
  return typeof body === 'string' ? stringBytes(body) : body.byteLength;
}
