import { iam as iamEndpoints } from '@nimbus/sdk/contract/v1/iam';
import { defineHandlers } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import type { Runtime } from '../../../core/services/runtime';
import { newOpaqueToken, sha256 } from '../../../core/services/secrets';
import { type ApiKeyRow, apiKeys } from '../../../core/services/tables';
import { requireUser } from '../auth';
import { auditProject } from './audit';
import { isKnownRole } from './known-roles';

/** Characters of the key kept to recognise it (`nk_` and 8 more). */
const PREFIX_LENGTH = 11;
/** A retired key's hash is moved under this prefix, so the hash lookup of `X-API-Key` misses it. */
const RETIRED = 'expired:';

/** Keys made before expiry existed (or by a seed) have no `expires_at` at all. */
interface KeyRow extends ApiKeyRow {
  expires_at?: string | null;
}

/**
 * Retires a key whose `expires_at` has passed. The core authenticates `X-API-Key` by hash
 * alone; the clock runs due tasks before every request, so the key is refused from the first
 * request at or after its expiry.
 */
function retire(runtime: Runtime, id: string): void {
  const table = runtime.store.table(apiKeys);
  const row = table.get(id);
  if (!row || row.key_hash.startsWith(RETIRED)) return;
  table.update(id, { key_hash: `${RETIRED}${row.key_hash}` }, runtime.clock.iso());
}

function scheduleExpiry(runtime: Runtime, row: KeyRow): void {
  const at = row.expires_at ? Date.parse(row.expires_at) : Number.NaN;
  // A NaN due time would sit at the head of the clock's queue and hold every later task.
  if (Number.isNaN(at) || row.key_hash.startsWith(RETIRED)) return;
  runtime.clock.schedule(at, () => retire(runtime, row.id));
}

/** Arms the expiry of every live key: at start-up and whenever the state is replaced. */
export function armKeyExpiries(runtime: Runtime): void {
  const arm = () => {
    for (const row of runtime.store.table(apiKeys).list()) scheduleExpiry(runtime, row as KeyRow);
  };
  arm();
  runtime.store.onReplaced(arm);
}

export const keyHandlers = defineHandlers(iamEndpoints.keys, {
  create(ctx) {
    const actor = requireUser(ctx);
    const { name, role } = ctx.body;
    if (role === 'owner') {
      throw HttpError.validation([
        { path: 'body.role', message: 'API keys cannot hold the owner role: keys never administer IAM' },
      ]);
    }
    if (!isKnownRole(ctx.runtime.store, ctx.projectId, role)) {
      throw HttpError.validation([{ path: 'body.role', message: `unknown role "${role}"` }]);
    }
    const expiresAt = ctx.body.expires_at ? new Date(ctx.body.expires_at).toISOString() : null;
    if (expiresAt !== null && expiresAt <= ctx.now()) {
      throw HttpError.validation([{ path: 'body.expires_at', message: 'must be in the future' }]);
    }
    const key = newOpaqueToken('nk');
    const now = ctx.now();
    const row: KeyRow = ctx.runtime.store.table(apiKeys).insert({
      id: crypto.randomUUID(),
      created_at: now,
      updated_at: now,
      project_id: ctx.projectId,
      name,
      role,
      prefix: key.slice(0, PREFIX_LENGTH),
      key_hash: sha256(key),
      created_by: actor.id,
      last_used_at: null,
      expires_at: expiresAt,
    }) as KeyRow;
    scheduleExpiry(ctx.runtime, row);
    auditProject(ctx, 'api_key.created', actor.id, {
      key_id: row.id,
      name,
      role,
      prefix: row.prefix,
      expires_at: expiresAt,
    });
    return { ...row, expires_at: expiresAt, key };
  },
});
