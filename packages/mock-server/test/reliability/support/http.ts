import { type ChildProcess, spawn } from 'node:child_process';
import { type Answer, answerOf, type JsonRequestOptions, jsonRequest } from './harness';

/**
 * A JSON request to a server on a port; fails on a hang. A GET whose kept-alive connection the
 * server closed just as it was sent is tried once more, as HTTP clients do for idempotent requests.
 */
export async function httpCall(
  baseUrl: string,
  method: string,
  path: string,
  options: JsonRequestOptions = {},
): Promise<Answer> {
  const { headers, body } = jsonRequest(options);
  const send = () => answerOf(fetch(`${baseUrl}${path}`, { method, headers, body }), `${method} ${path}`);
  if (method !== 'GET') return send();
  try {
    return await send();
  } catch (error) {
    const code = ((error as Error).cause as { code?: string } | undefined)?.code;
    if (code !== 'UND_ERR_SOCKET') throw error;
    return send();
  }
}

/** A server running as a child process. */
export interface ChildServer {
  process: ChildProcess;
  url: string;
  /** Whether the store could write the state file at start. */
  healthy: boolean;
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<number | string>;
  /** Wall-clock times (Date.now()) at which each completed write of the state file was serialised. */
  flushes: number[];
  /** What the server logged, in order. */
  logs: ChildLog[];
  /** The demo tenant, when started with `seed: true`. */
  demo?: { accessToken: string; projectId: string };
}

export interface ChildLog {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
}

/**
 * Starts `script` with `args` and waits for the line that says it listens (`{"url":...}`).
 * `nodeArgs` go to Node before the script; `env` is added to this process's environment.
 */
export function startChild(
  script: string,
  args: string[],
  { nodeArgs = [], env = {} }: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const flushes: number[] = [];
  const logs: ChildLog[] = [];
  return new Promise((resolve, reject) => {
    let pending = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`child server did not start within 15 s: ${stderr}`));
    }, 15_000);
    child.stdout!.on('data', (chunk) => {
      pending += String(chunk);
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const message = JSON.parse(line) as Partial<Pick<ChildServer, 'url' | 'healthy' | 'demo'>> & {
          flushed?: number;
          log?: ChildLog;
        };
        if (message.flushed !== undefined) flushes.push(message.flushed);
        if (message.log) logs.push(message.log);
        if (message.url !== undefined) {
          clearTimeout(timer);
          resolve({
            process: child,
            url: message.url,
            healthy: message.healthy === true,
            exited,
            flushes,
            logs,
            demo: message.demo,
          });
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`child server exited (${code}) before listening: ${stderr}`));
    });
  });
}

/** Runs `script` expecting it to refuse to start: its exit code and what it wrote to stderr. */
export async function runToExit(
  script: string,
  args: string[],
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  return { code, stderr };
}

/** Registers, logs in and creates a project over HTTP; answers the token and project id. */
export async function httpTenant(baseUrl: string, name: string) {
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-battery';
  const registered = await httpCall(baseUrl, 'POST', '/api/v1/auth/register', {
    body: { email, password, full_name: name },
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.text}`);
  const login = await httpCall(baseUrl, 'POST', '/api/v1/auth/login', { body: { email, password } });
  const token = (login.body as { data: { access_token: string } }).data.access_token;
  const project = await httpCall(baseUrl, 'POST', '/api/v1/projects', { token, body: { name: `${name}-p` } });
  return { token, projectId: (project.body as { data: { id: string } }).data.id, email, password };
}

/**
 * A workload token for `owner`'s project (cameras, playback, events) and a camera made with it,
 * over HTTP; `at` is `now()` once it was made (ISO 8601) and `hour` the HLS path of that hour.
 */
export async function httpCamera(
  baseUrl: string,
  owner: { token: string; projectId: string },
  camera: { name: string; rtsp_url: string },
  now: () => number,
): Promise<{ token: string; cameraId: string; at: string; hour: string }> {
  const workload = await httpCall(baseUrl, 'POST', '/api/v1/auth/workload-token', {
    token: owner.token,
    body: { project_id: owner.projectId, scopes: ['cameras:write', 'playback:read', 'events:read'] },
  });
  const token = (workload.body as { data: { token: string } }).data.token;
  const created = await httpCall(baseUrl, 'POST', '/v2/api/cameras', {
    token,
    body: { ...camera, features: ['motion'] },
  });
  const cameraId = (created.body as { id: string }).id;
  const at = new Date(now()).toISOString();
  return { token, cameraId, at, hour: `/v2/hls/${cameraId}/${at.slice(0, 10)}/${at.slice(11, 13)}` };
}
