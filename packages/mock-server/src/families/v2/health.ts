import { ErrorCode } from '@nimbus/sdk/contract/common';
import { health as healthEndpoints } from '@nimbus/sdk/contract/v2/health';
import { defineHandlers } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';

type Check = { status: 'ok' | 'fail'; reason?: string };

const unavailable = (what: string) => HttpError.of(ErrorCode.SERVICE_UNAVAILABLE, `${what} is not available`);

export const healthHandlers = defineHandlers(healthEndpoints, {
  live: () => ({ status: 'ok' as const }),

  ready(ctx) {
    // "database" is what the spec calls the relational database: here, the state store.
    const results: [string, { ok: boolean; reason?: string }][] = [
      ['database', ctx.runtime.store.health()],
      ...[...ctx.runtime.readinessChecks].map(
        ([name, check]) => [name, check()] as [string, { ok: boolean; reason?: string }],
      ),
    ];
    const checks: Record<string, Check> = {};
    for (const [name, result] of results) {
      checks[name] = result.ok
        ? { status: 'ok' }
        : { status: 'fail', ...(result.reason && { reason: result.reason }) };
    }
    const failing = results.filter(([, result]) => !result.ok).map(([name]) => name);
    if (failing.length > 0) {
      throw HttpError.of(ErrorCode.SERVICE_UNAVAILABLE, `Not ready: ${failing.join(', ')} failing`, {
        status: 'unavailable',
        failing,
        checks,
      });
    }
    return { status: 'ready' as const, checks };
  },

  async metrics(ctx) {
    if (!ctx.runtime.metrics) throw unavailable('Metrics collection');
    const { contentType, body } = await ctx.runtime.metrics.render();
    return new Response(body, {
      status: 200,
      headers: { 'content-type': contentType, 'cache-control': 'no-store' },
    });
  },
});
