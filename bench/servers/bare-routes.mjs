// What the bare server does per request, without HTTP: the bearer and project header checks,
// the body's fields, an in-memory table, the v1 envelope, paging. `servers/bare.mjs` serves it
// over node:http; `handle-loop.mjs` times it beside the reference server's core.
import { randomUUID } from 'node:crypto';

export function bareRoutes() {
  const token = 'bench-token';
  const project = randomUUID();
  const rows = [];
  return {
    token,
    project,
    /** The answer to a request whose body (for a POST) is read: `{ status, body }`, unserialised. */
    answer(method, target, headers, text) {
      const url = new URL(target, 'http://x');
      if (url.pathname !== '/api/v1/instances')
        return { status: 404, body: { success: false, error: { code: 'NOT_FOUND' } } };
      if (headers.authorization !== `Bearer ${token}`)
        return { status: 401, body: { success: false, error: { code: 'UNAUTHENTICATED' } } };
      if (headers['x-project-id'] !== project)
        return { status: 403, body: { success: false, error: { code: 'PROJECT_FORBIDDEN' } } };
      if (method === 'GET') {
        const page = Number(url.searchParams.get('page') ?? 1);
        const perPage = Number(url.searchParams.get('per_page') ?? 20);
        const data = rows.slice((page - 1) * perPage, page * perPage);
        return {
          status: 200,
          body: {
            success: true,
            data,
            meta: { request_id: randomUUID(), page, per_page: perPage, total: rows.length },
          },
        };
      }
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        return { status: 400, body: { success: false, error: { code: 'INVALID_JSON' } } };
      }
      if (
        typeof body.name !== 'string' ||
        typeof body.flavor !== 'string' ||
        typeof body.region !== 'string'
      ) {
        return { status: 400, body: { success: false, error: { code: 'VALIDATION_ERROR' } } };
      }
      const now = new Date().toISOString();
      const row = {
        id: randomUUID(),
        project_id: project,
        name: body.name,
        flavor: body.flavor,
        region: body.region,
        image: 'ubuntu-24.04',
        status: 'provisioning',
        created_at: now,
        updated_at: now,
      };
      rows.push(row);
      return { status: 201, body: { success: true, data: row, meta: { request_id: randomUUID() } } };
    },
  };
}
