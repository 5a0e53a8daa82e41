import type { Video } from '@nimbus/sdk';
import type { Logger } from '../../src/core/services/config';
import { type MockServer, type SeededTenant, seedTenant } from '../../src/entries/testing';

export const ALL_SCOPES = ['cameras:read', 'cameras:write', 'events:read', 'playback:read'] as const;
type Scope = (typeof ALL_SCOPES)[number];

export interface VideoTenant extends SeededTenant {
  tenantId: string;
  /** A workload token with `scopes`, valid for a day of simulated time. */
  token: string;
  video: Video;
  /** Another token of the same tenant with other scopes. */
  tokenWith(scopes: Scope[]): Promise<string>;
}

const owners = new WeakMap<MockServer, Promise<SeededTenant>>();

/**
 * A project (the /v2 tenant) and a workload token for it. Tenants of one server share one user
 * (registering hashes a password, which is slow) unless `newUser` is set; each has its own project.
 */
export async function seedVideoTenant(
  mock: MockServer,
  scopes: Scope[] = [...ALL_SCOPES],
  options: { newUser?: boolean } = {},
): Promise<VideoTenant> {
  let owner = options.newUser ? undefined : owners.get(mock);
  let project: { id: string; name: string };
  if (owner) {
    const created = await (await owner).client.projects.create({
      name: `video-${crypto.randomUUID().slice(0, 8)}`,
    });
    project = { id: created.id, name: created.name };
  } else {
    owner = seedTenant(mock);
    if (!options.newUser) owners.set(mock, owner);
    project = (await owner).project;
  }
  const tenant = { ...(await owner), project };
  const tokenWith = async (wanted: Scope[]) =>
    (await tenant.client.auth.workloadToken({ project_id: project.id, scopes: wanted, ttl_seconds: 86_400 }))
      .token;
  const token = await tokenWith(scopes);
  return { ...tenant, tenantId: project.id, token, video: tenant.client.video.withToken(token), tokenWith };
}

export const RTSP = 'rtsp://admin:s3cret-pass@10.0.0.5:554/stream1';

export function cameraBody(overrides: Record<string, unknown> = {}) {
  return { name: 'Front door', rtsp_url: RTSP, features: ['person', 'vehicle'], ...overrides } as Parameters<
    Video['cameras']['create']
  >[0];
}

/** Raw fetch against the server with a bearer token (for what the wire looks like). */
export function rawFetch(
  mock: MockServer,
  path: string,
  token?: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(`${mock.url}${path}`, { ...init, headers });
}

/** Waits until `check` passes (async work on the server: lifecycles, sockets), up to `timeoutMs`. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** A logger that keeps every line, to check what the server writes (and never writes). */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const keep = (message: string, fields?: Record<string, unknown>) => {
    lines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  };
  return { lines, logger: { info: keep, warn: keep, error: keep } };
}
