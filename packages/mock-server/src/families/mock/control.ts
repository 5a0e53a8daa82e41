import { mock } from '@nimbus/sdk/contract/mock';
import type { FamilyModule } from '../../core/pipeline/app';
import { compressedJson } from '../../core/pipeline/compressed-json';
import { defineHandlers } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { issuesToDetails } from '../../core/pipeline/validation';
import { quotaLimit, quotaOverrides, quotaResources } from '../../core/services/quotas';
import type { Runtime } from '../../core/services/runtime';
import { type State, StateSchema } from '../../store/state';
import { buckets } from '../v1/buckets';
import { exportState } from './state-export';

function clockState(runtime: Runtime) {
  return { now: runtime.clock.iso(), offset_ms: runtime.clock.offsetMs, frozen: runtime.clock.frozen };
}

/** What the server makes (`newServerSecret`: 32 random bytes, base64url); the signing key is read from it. */
const SIGNING_SECRET = /^[A-Za-z0-9_-]{32,}$/;

/** The control routes that need no family; webhooks and video add theirs in their own files. */
const controlRoutes = {
  reset: mock.reset,
  state: mock.state,
  requests: mock.requests,
  bucketNames: mock.bucketNames,
  clock: mock.clock,
  faults: mock.faults,
  quotas: mock.quotas,
};

export const controlFamily: FamilyModule = {
  handlers: defineHandlers(controlRoutes, {
    reset(ctx) {
      ctx.runtime.store.reset();
      ctx.runtime.faults.clear();
      ctx.runtime.journal.clear();
      return { ok: true as const };
    },

    bucketNames: {
      retrieve(ctx) {
        // Only whether the name is taken: not by whom, nor anything else about the bucket.
        const taken = ctx.runtime.store.table(buckets).byKey('name', ctx.params.name);
        return { name: ctx.params.name, available: !taken };
      },
    },

    state: {
      export: (ctx) => exportState(ctx.runtime, { includeSecret: ctx.query.include_secret === true }),

      async import(ctx) {
        // An export without a secret keeps the running server's own. Nothing else is defaulted:
        // a body that is not a whole export must not empty the state.
        const given = ctx.body.secret;
        if (given !== undefined && (typeof given !== 'string' || !SIGNING_SECRET.test(given))) {
          throw HttpError.validation(
            [{ path: 'body.secret', message: 'must be base64url, at least 32 characters' }],
            'Not a Nimbus signing secret',
          );
        }
        const candidate = { ...ctx.body, secret: given ?? ctx.runtime.store.state.secret };
        const parsed = StateSchema.safeParse(candidate);
        if (!parsed.success) {
          throw HttpError.validation(
            issuesToDetails(parsed.error.issues, 'body'),
            'Not a Nimbus state document',
          );
        }
        // The imported records' families, set up before their pending transitions are armed.
        await ctx.runtime.loadAllFamilies();
        ctx.runtime.store.replace(parsed.data as State);
        return { ok: true as const };
      },
    },

    requests: {
      list(ctx) {
        const { entries, cursorLost } = ctx.runtime.journal.page(ctx.query);
        const answer = {
          items: entries,
          journal_size: ctx.runtime.journal.capacity,
          cursor_lost: cursorLost,
        };
        // Read whole, 10,000 entries are megabytes: compressed when the client takes it.
        return compressedJson(answer, ctx.request.headers, ctx.runtime.compress);
      },

      clear(ctx) {
        ctx.runtime.journal.clear();
      },
    },

    clock: {
      retrieve: (ctx) => clockState(ctx.runtime),

      freeze(ctx) {
        if (ctx.body.frozen) ctx.runtime.clock.freeze();
        else ctx.runtime.clock.unfreeze();
        return clockState(ctx.runtime);
      },

      advance(ctx) {
        ctx.runtime.clock.advance(ctx.body.seconds * 1000);
        return clockState(ctx.runtime);
      },
    },

    faults: {
      create: (ctx) => ctx.runtime.faults.add(ctx.body),

      list: (ctx) => ({ items: ctx.runtime.faults.list() }),

      delete(ctx) {
        if (!ctx.runtime.faults.remove(ctx.params.id)) throw HttpError.notFound('Fault');
      },

      clear(ctx) {
        ctx.runtime.faults.clear();
      },
    },

    quotas: {
      update(ctx) {
        const unknown = Object.keys(ctx.body.limits).filter((name) => !quotaResources.has(name));
        if (unknown.length > 0) {
          throw HttpError.validation(
            unknown.map((name) => ({ path: `body.limits.${name}`, message: `unknown resource "${name}"` })),
            `Unknown quota resource: ${unknown.join(', ')} (known: ${[...quotaResources].sort().join(', ')})`,
          );
        }
        const projectId = ctx.params.project_id;
        const table = ctx.runtime.store.table(quotaOverrides);
        const existing = table.get(projectId);
        const now = ctx.now();
        if (existing) table.update(projectId, { limits: { ...existing.limits, ...ctx.body.limits } }, now);
        else
          table.insert({ id: projectId, created_at: now, updated_at: now, limits: { ...ctx.body.limits } });
        const limits = Object.fromEntries(
          [...quotaResources].map((name) => [name, quotaLimit(ctx.runtime.store, projectId, name)]),
        );
        return { project_id: projectId, limits };
      },
    },
  }),
};
