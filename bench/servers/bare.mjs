// A bare node:http server doing the same JSON work as the reference server's
// /api/v1/instances: bearer and project header checks, body parse and validation,
// an in-memory table, the v1 envelope, paging. The baseline the benchmark compares with.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const TOKEN = 'bench-token';
const PROJECT = randomUUID();
const rows = [];

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': randomUUID() });
  res.end(text);
}

const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname !== '/api/v1/instances')
    return send(res, 404, { success: false, error: { code: 'NOT_FOUND' } });
  if (req.headers.authorization !== `Bearer ${TOKEN}`)
    return send(res, 401, { success: false, error: { code: 'UNAUTHENTICATED' } });
  if (req.headers['x-project-id'] !== PROJECT)
    return send(res, 403, { success: false, error: { code: 'PROJECT_FORBIDDEN' } });
  if (req.method === 'GET') {
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 20);
    const data = rows.slice((page - 1) * perPage, page * perPage);
    return send(res, 200, {
      success: true,
      data,
      meta: { request_id: randomUUID(), page, per_page: perPage, total: rows.length },
    });
  }
  let text = '';
  req.on('data', (chunk) => {
    text += chunk;
  });
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return send(res, 400, { success: false, error: { code: 'INVALID_JSON' } });
    }
    if (typeof body.name !== 'string' || typeof body.flavor !== 'string' || typeof body.region !== 'string') {
      return send(res, 400, { success: false, error: { code: 'VALIDATION_ERROR' } });
    }
    const now = new Date().toISOString();
    const row = {
      id: randomUUID(),
      project_id: PROJECT,
      name: body.name,
      flavor: body.flavor,
      region: body.region,
      image: 'ubuntu-24.04',
      status: 'provisioning',
      created_at: now,
      updated_at: now,
    };
    rows.push(row);
    send(res, 201, { success: true, data: row, meta: { request_id: randomUUID() } });
  });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${port}`, token: TOKEN, projectId: PROJECT })}\n`,
  );
});
