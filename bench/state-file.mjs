// Writes a state file (packages/mock-server/src/store/state.ts) directly as JSON: one user with
// a session, one project they own, `instances` instances in it and a quota override so more can
// be created; plus an access token for that session, signed with the state's secret exactly as
// the server signs one (HS256, issuer nimbus), so a benchmark can call the API at once.
import { createHmac, randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';

const b64url = (bytes) => Buffer.from(bytes).toString('base64url');

export async function writeStateFile(path, { instances = 0 } = {}) {
  const secret = b64url(randomBytes(32));
  const start = Date.now() - instances - 60_000;
  const iso = (ms) => new Date(ms).toISOString();
  const now = iso(start);
  const userId = randomUUID();
  const projectId = randomUUID();
  const sessionId = randomUUID();
  const email = 'bench@example.com';
  const salt = randomBytes(16);
  const hash = scryptSync('bench-password', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  const tables = {
    users: {
      [userId]: {
        id: userId,
        created_at: now,
        updated_at: now,
        email,
        full_name: 'Bench',
        password_hash: `scrypt$${b64url(salt)}$${b64url(hash)}`,
        mfa_enabled: false,
        mfa_secret_sealed: null,
      },
    },
    sessions: {
      [sessionId]: {
        id: sessionId,
        created_at: now,
        updated_at: now,
        user_id: userId,
        refresh_hash: b64url(randomBytes(32)),
        rotated_hashes: [],
        expires_at: iso(start + 30 * 86_400_000),
        revoked_at: null,
        revoked_reason: null,
      },
    },
    projects: {
      [projectId]: {
        id: projectId,
        created_at: now,
        updated_at: now,
        name: 'bench',
        description: '',
        owner_id: userId,
      },
    },
    memberships: {},
    quota_overrides: {
      [projectId]: { id: projectId, created_at: now, updated_at: now, limits: { instances: 100_000_000 } },
    },
    instances: {},
  };
  const membershipId = randomUUID();
  tables.memberships[membershipId] = {
    id: membershipId,
    created_at: now,
    updated_at: now,
    project_id: projectId,
    user_id: userId,
    role: 'owner',
  };
  const flavors = ['small', 'medium', 'large'];
  const regions = ['hn', 'hcm'];
  for (let i = 0; i < instances; i++) {
    const id = randomUUID();
    const at = iso(start + i); // one millisecond apart: a realistic, distinct creation order
    tables.instances[id] = {
      id,
      created_at: at,
      updated_at: at,
      project_id: projectId,
      name: `vm-${i}`,
      flavor: flavors[i % 3],
      region: regions[i % 2],
      image: 'ubuntu-24.04',
      status: 'stopped',
      resource_group_id: null,
    };
  }
  await writeFile(path, JSON.stringify({ version: 1, secret, clock_offset_ms: 0, tables }));
  return { token: accessToken(secret, { userId, email, sessionId }), projectId };
}

function accessToken(secret, { userId, email, sessionId }) {
  const iat = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const claims = b64url(
    JSON.stringify({
      typ: 'access',
      sub: userId,
      email,
      sid: sessionId,
      iat,
      exp: iat + 86_400,
      jti: randomUUID(),
      iss: 'nimbus',
    }),
  );
  const signature = createHmac('sha256', Buffer.from(secret, 'base64url'))
    .update(`${header}.${claims}`)
    .digest('base64url');
  return `${header}.${claims}.${signature}`;
}
