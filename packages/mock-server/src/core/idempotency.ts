import { ErrorCode } from '@nimbus/sdk/contract';
import { HttpError } from './http-error';
import type { Reply } from './request';
import { sha256 } from './secrets';

interface Entry {
  bodyHash: string;
  expiresAt: number;
  reply: Promise<Reply>;
}

const TTL_MS = 24 * 3600 * 1000;
const MAX_ENTRIES = 10_000;

/**
 * `Idempotency-Key` on POST: the same key and body answer the first result (even while
 * it is still running); the same key with another body is 409.
 */
export class IdempotencyCache {
  #entries = new Map<string, Entry>();

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
        throw new HttpError(
          409,
          ErrorCode.IDEMPOTENCY_KEY_REUSED,
          'Idempotency-Key was already used with another body',
        );
      }
      const first = await existing.reply;
      return { ...first, headers: { ...first.headers, 'idempotent-replayed': 'true' } };
    }
    const reply = execute();
    const entry: Entry = { bodyHash, expiresAt: now + TTL_MS, reply };
    this.#entries.set(id, entry);
    this.#evict(now);
    try {
      const done = await reply;
      // Errors are not remembered: a retry after a failure must be able to succeed.
      if (done.status >= 400) this.#entries.delete(id);
      // The caller adds its own headers to what it answers: the remembered reply stays as it was.
      return { ...done, headers: { ...done.headers } };
    } catch (error) {
      this.#entries.delete(id);
      throw error;
    }
  }

  #evict(now: number): void {
    if (this.#entries.size <= MAX_ENTRIES) return;
    for (const [id, entry] of this.#entries) {
      if (entry.expiresAt <= now || this.#entries.size > MAX_ENTRIES) this.#entries.delete(id);
      else break;
    }
  }
}
