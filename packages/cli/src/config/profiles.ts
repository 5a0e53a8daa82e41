import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UsageError } from '../errors';

/** What one profile remembers between runs. */
export interface Profile {
  base_url?: string;
  project_id?: string;
  email?: string;
  access_token?: string;
  refresh_token?: string;
  /** The control token of the reference server this profile points at (`/__mock/*` routes). */
  control_token?: string;
  /** The /v2 token the CLI minted from the session, reused until it expires. */
  workload_token?: CachedWorkloadToken;
}

/** A workload token for one project (the video tenant) and the scopes it carries. */
export interface CachedWorkloadToken {
  token: string;
  project_id: string;
  scopes: string[];
  /** ISO-8601, by this machine's clock. */
  expires_at: string;
}

export interface ConfigFile {
  profiles: Record<string, Profile>;
}

/** `$NIMBUS_CONFIG`, else `$XDG_CONFIG_HOME/nimbus/config.json`, else `~/.config/nimbus/config.json`. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.NIMBUS_CONFIG) return env.NIMBUS_CONFIG;
  const base =
    env.XDG_CONFIG_HOME || (process.platform === 'win32' && env.APPDATA) || join(homedir(), '.config');
  return join(base, 'nimbus', 'config.json');
}

// The config file is read and written synchronously: it is a few hundred bytes, and every
// command reads it, so `node:fs/promises` and the thread pool behind it are not loaded for it.
export async function readConfig(path: string): Promise<ConfigFile> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as ConfigFile;
    return { profiles: parsed.profiles ?? {} };
  } catch {
    throw new UsageError(`Config file ${path} is not valid JSON; fix or delete it`);
  }
}

/** Saves the config readable by its owner only (it holds tokens), atomically. */
export async function writeConfig(path: string, config: ConfigFile): Promise<void> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}

/** Profile updates of this process, one after the other (each reads the file the previous wrote). */
let writes: Promise<void> = Promise.resolve();

/**
 * Merges `patch` into a profile (null deletes the profile). Updates are queued: a login
 * and the SDK's `onTokens` may both write at once, and two read-modify-writes running
 * side by side would each drop the other's fields.
 */
export function updateProfile(path: string, name: string, patch: Partial<Profile> | null): Promise<void> {
  const next = writes.then(async () => {
    const config = await readConfig(path);
    if (patch === null) delete config.profiles[name];
    else config.profiles[name] = { ...config.profiles[name], ...patch };
    await writeConfig(path, config);
  });
  writes = next.catch(() => undefined);
  return next;
}

/** Settles when every queued profile update has been written. */
export function pendingProfileWrites(): Promise<void> {
  return writes;
}
