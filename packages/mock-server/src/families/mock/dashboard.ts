import { ErrorCode } from '@nimbus/sdk/contract/common';
import { mock } from '@nimbus/sdk/contract/mock';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { StaticBody } from '../../core/pipeline/static-body';
import type { MediaSource } from '../../core/services/runtime';
import { authorizeDashboard } from './dashboard-access';

/**
 * The page's styles and script are inlined into its HTML: one response, under the control
 * routes' rules, and a Content-Security-Policy that allows those two blocks (by hash) and
 * requests to the server itself, nothing else. Journaled bodies are shown as text only, so a
 * request body cannot run script in the page; framing is refused, so no other site can put the
 * fault buttons under a visitor's clicks.
 */
interface DashboardPage {
  body: StaticBody;
  policy: string;
}

const pages = new WeakMap<MediaSource, Promise<DashboardPage>>();
const decoder = new TextDecoder();

async function hashSource(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

async function composePage(assets: MediaSource): Promise<DashboardPage> {
  const [html, style, script] = await Promise.all(
    ['dashboard.html', 'dashboard.css', 'dashboard.js'].map(async (name) =>
      decoder.decode(await assets.read(name)),
    ),
  );
  const text = html!.replace('/* style */', () => style!).replace('/* script */', () => script!);
  const policy = [
    "default-src 'none'",
    `script-src ${await hashSource(script!)}`,
    `style-src ${await hashSource(style!)}`,
    "connect-src 'self'",
    // The icon is inline: a request for one would land in the log the page shows.
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    body: new StaticBody(text, { contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' }),
    policy,
  };
}

function pageOf(assets: MediaSource): Promise<DashboardPage> {
  let page = pages.get(assets);
  if (!page) {
    page = composePage(assets);
    // A failed read is not kept: the next request tries again.
    page.catch(() => pages.delete(assets));
    pages.set(assets, page);
  }
  return page;
}

/** `GET /__mock/ui`: the dashboard (the Node server; its files are read from the package). */
export const dashboardFamily: FamilyModule = {
  handlers: defineHandlers(
    { dashboard: mock.dashboard },
    {
      dashboard: {
        async retrieve(ctx) {
          authorizeDashboard(ctx.runtime.config, ctx.request, ctx.url);
          const assets = ctx.runtime.dashboardAssets;
          if (!assets) {
            throw HttpError.of(
              ErrorCode.SERVICE_UNAVAILABLE,
              'The dashboard is served by the Node server only (nimbus mock start, or startMockServer())',
            );
          }
          const page = await pageOf(assets);
          const response = await page.body.respond(ctx.request.headers, ctx.runtime.compress);
          response.headers.set('content-security-policy', page.policy);
          response.headers.set('x-frame-options', 'DENY');
          // The page's URL may carry the control token: no other site learns it from a Referer.
          response.headers.set('referrer-policy', 'no-referrer');
          return response;
        },
      },
    },
  ),
};
