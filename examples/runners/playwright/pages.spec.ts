/**
 * Example: Playwright Test against Nimbus, both ways a web app meets it. A page that calls a
 * local reference server (the `nimbus` and `tenant` fixtures of fixtures.ts), with a fault and
 * the request journal; and a page whose msw service worker answers (examples/browser), with no
 * server at all.
 */

import { serveBrowserExample } from '../../browser/serve';
import { type StaticSite, serveFiles } from '../../support/static-server';
import { expect, test } from './fixtures';

/** A tiny app: lists the project's VMs from the API named in its URL's hash. */
const APP = `<!doctype html><title>VMs</title><ul id="vms"></ul><p id="error"></p><script type="module">
const { api, token, project } = Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
const response = await fetch(api + '/api/v1/instances', { headers: { authorization: 'Bearer ' + token, 'x-project-id': project } });
const body = await response.json();
if (!response.ok) document.querySelector('#error').textContent = body.error.code;
else for (const vm of body.data) document.querySelector('#vms').append(Object.assign(document.createElement('li'), { textContent: vm.name }));
</script>`;

let app: StaticSite;
test.beforeAll(async () => {
  app = await serveFiles({ '/': { type: 'text/html; charset=utf-8', body: APP } });
});
test.afterAll(() => app.close());

test('a page against the local server lists the seeded VM', async ({ page, nimbus, tenant }) => {
  await page.goto(`${app.url}/#api=${nimbus.url}&token=${tenant.accessToken}&project=${tenant.project.id}`);
  await expect(page.locator('#vms li')).toHaveText(['web-1']);
  nimbus.requests.expect({ method: 'GET', path: '/api/v1/instances' }, 1);
});

test('a page against the local server shows a failure', async ({ page, nimbus, tenant }) => {
  await nimbus.faults.create({ method: 'GET', path: '/api/v1/instances', status: 503 });
  await page.goto(`${app.url}/#api=${nimbus.url}&token=${tenant.accessToken}&project=${tenant.project.id}`);
  await expect(page.locator('#error')).toHaveText('SERVICE_UNAVAILABLE');
});

test('a page whose msw worker answers, with no server', async ({ page }) => {
  const site = await serveBrowserExample(0);
  try {
    await page.goto(site.url);
    await page.waitForSelector('body[data-ready="true"]');
    await expect(page.locator('#instances tr').first()).toBeVisible();
    expect(await page.locator('#project').textContent()).toBe('Demo');
  } finally {
    await site.close();
  }
});
