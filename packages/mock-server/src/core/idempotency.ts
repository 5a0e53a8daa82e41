import { ErrorCode } from '@nimbus/sdk/contract';
import { HttpError } from './http-error';
import { sha256 } from './secrets';

interface Entry {
  bodyHash: string;
  expiresAt: number;
  response: Promise<{ status: number; body: string; headers: [string, string][] }>;
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
    execute: () => Promise<Response>,
  ): Promise<Response> {
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
      const first = await existing.response;
      return new Response(first.status === 204 ? null : first.body, {
        status: first.status,
        headers: [...first.headers, ['idempotent-replayed', 'true']],
      });
    }
    const response = execute().then(async (r) => ({
      status: r.status,
      body: await r.clone().text(),
      headers: [...r.headers] as [string, string][],
      original: r,
    }));
    const entry: Entry = { bodyHash, expiresAt: now + TTL_MS, response };
    this.#entries.set(id, entry);
    this.#evict(now);
    try {
      const done = await response;
      // Errors are not remembered: a retry after a failure must be able to succeed.
      if (done.status >= 400) this.#entries.delete(id);
      return done.original;
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
