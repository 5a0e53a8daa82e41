// json-server 0.17 on the same routes as the reference server: /api/v1/instances with the same
// bearer and project header checks as the bare server, its db in a file that it rewrites whole
// on every write (what json-server does). Prints { url, token, projectId } when ready.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const jsonServer = createRequire(import.meta.url)('json-server');
const TOKEN = 'bench-token';
const PROJECT = randomUUID();
const db = join(mkdtempSync(join(tmpdir(), 'bench-json-server-')), 'db.json');
writeFileSync(db, JSON.stringify({ instances: [] }));

const server = jsonServer.create();
server.use(jsonServer.defaults({ logger: false }));
server.use(jsonServer.bodyParser);
server.use((req, res, next) => {
  if (req.headers.authorization !== `Bearer ${TOKEN}`)
    return res.status(401).json({ success: false, error: { code: 'UNAUTHENTICATED' } });
  if (req.headers['x-project-id'] !== PROJECT)
    return res.status(403).json({ success: false, error: { code: 'PROJECT_FORBIDDEN' } });
  if (req.method === 'POST') {
    const { name, flavor, region } = req.body ?? {};
    if (typeof name !== 'string' || typeof flavor !== 'string' || typeof region !== 'string')
      return res.status(400).json({ success: false, error: { code: 'VALIDATION_ERROR' } });
    const now = new Date().toISOString();
    req.body = {
      id: randomUUID(),
      project_id: PROJECT,
      name,
      flavor,
      region,
      image: 'ubuntu-24.04',
      status: 'provisioning',
      created_at: now,
      updated_at: now,
    };
  }
  next();
});
server.use(jsonServer.rewriter({ '/api/v1/*': '/$1' }));
server.use(jsonServer.router(db));
const listener = server.listen(0, '127.0.0.1', () => {
  const { port } = listener.address();
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${port}`, token: TOKEN, projectId: PROJECT })}\n`,
  );
});
process.on('SIGTERM', () => process.exit(0));
