import type { BaseNimbus, Fetch, Nimbus, NimbusOptions } from '@nimbus/sdk';
import { configPath, type Profile, readConfig, updateProfile } from './config/profiles';
import { UsageError } from './errors';
import { debugFetch, debugWanted } from './output/debug';
import type { OutputOptions } from './output/print';

/** Options every command accepts. */
export interface GlobalOptions extends OutputOptions {
  profile?: string;
  baseUrl?: string;
  project?: string;
  /** The reference server's control token (`/__mock/*` routes). */
  controlToken?: string;
  /** Seconds to wait for each answer (`--timeout`). */
  timeout?: string;
  debug?: boolean;
}

export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';

/**
 * Seconds a command waits for each answer unless told otherwise: the reference server answers
 * in milliseconds and a real one in a few seconds, so a server that accepted the connection and
 * went quiet is reported in half a minute rather than the SDK's minute.
 */
export const DEFAULT_TIMEOUT_SECONDS = 30;

/** The server a run talks to and its time limit, for an error raised before any answer came. */
export interface ServerOfRun {
  baseUrl: string;
  timeoutSeconds: number;
  /** The run's token is `NIMBUS_TOKEN`'s: a refusal is that token's, which no login mends. */
  envToken: boolean;
  /** The access token the run sent, if any, to explain its refusal. */
  accessToken: string | undefined;
  /** Whether the SDK could refresh that token (the profile holds a refresh token). */
  refreshable: boolean;
}

let server: ServerOfRun | undefined;

/** The server of the command's client, once it has one (see `run`, which reports the failures). */
export function serverOfRun(): ServerOfRun | undefined {
  return server;
}

/** The project hint of every command that needs one and has none. */
export const PICK_A_PROJECT =
  'pass --project <id>, set NIMBUS_PROJECT or run `nimbus use <project-id>` (`nimbus projects list` shows yours)';

export interface CommandContext<Client extends BaseNimbus = Nimbus> {
  client: Client;
  profileName: string;
  profile: Profile;
  configPath: string;
  options: GlobalOptions;
  /** The project of /api/v1 project routes, and the tenant of /v2. */
  projectId: string | undefined;
  /** `NIMBUS_TOKEN`: it stands in for the profile's session, which then is neither read nor written. */
  envToken: string | undefined;
  /**
   * The profile's session is this run's: sent, refreshed and written back. Not with
   * `NIMBUS_TOKEN`, for a command that takes no login, nor for a server other than the
   * profile's (whose `profile` then holds none of its credentials).
   */
  profileSession: boolean;
}

/** What a command wants of the profile. */
export interface ContextNeeds {
  /** Logging in is how a new profile comes to exist: a profile name not in the file is no typo. */
  newProfile?: boolean;
  /**
   * Whether the command's requests take the user's login (default). Those that do not (`login`,
   * `auth register`, `mock` commands) run against any server and never write the profile's tokens.
   */
  session?: boolean;
}

/**
 * Builds the SDK client for a command. Precedence: flags, then environment
 * (`NIMBUS_BASE_URL`, `NIMBUS_TOKEN`, `NIMBUS_PROJECT`, `NIMBUS_API_KEY`, `NIMBUS_CONTROL_TOKEN`,
 * `NIMBUS_PROFILE`), then the profile.
 * Tokens refreshed by the SDK are written back to the profile they came from.
 */
export async function commandContext(
  options: GlobalOptions,
  env: NodeJS.ProcessEnv = process.env,
  needs: ContextNeeds = {},
): Promise<CommandContext> {
  const sdk = async () => {
    const { Nimbus, nodeFetch, nodeHttpFetch } = await import('@nimbus/sdk');
    return { Client: Nimbus, nodeFetch, nodeHttpFetch };
  };
  return contextFor(sdk, options, env, needs);
}

/** A client class of the SDK and its Node transports. */
export interface ClientKind<Client extends BaseNimbus> {
  Client: new (options: NimbusOptions) => Client;
  nodeFetch: Fetch;
  nodeHttpFetch: Fetch;
}

/**
 * The context over a client of `Client`'s class, the SDK loaded by `loadSdk` once the profile is
 * read (an unknown profile is reported without it).
 *
 * A profile's credentials (its session, workload token and control token) go to the server it
 * logged in to only (`base_url`, the default server when it has none), compared by origin. For
 * another server, a command that takes the login and has none from elsewhere (`NIMBUS_TOKEN`,
 * `NIMBUS_API_KEY`) is refused before anything is sent; other commands run without them.
 */
export async function contextFor<Client extends BaseNimbus>(
  loadSdk: () => Promise<ClientKind<Client>>,
  options: GlobalOptions,
  env: NodeJS.ProcessEnv,
  { newProfile = false, session = true }: ContextNeeds = {},
): Promise<CommandContext<Client>> {
  const path = configPath(env);
  const profileName = options.profile ?? env.NIMBUS_PROFILE ?? 'default';
  const profiles = (await readConfig(path)).profiles;
  // A profile named on purpose that does not exist is a typo, not an anonymous run.
  if (!newProfile && profileName !== 'default' && !Object.hasOwn(profiles, profileName)) {
    const source = options.profile ? '--profile' : 'NIMBUS_PROFILE';
    const known = Object.keys(profiles);
    throw new UsageError(
      `Unknown profile "${profileName}" (${source}): ${path} has ${known.length > 0 ? known.map((n) => `"${n}"`).join(', ') : 'no profiles'}; create it with \`nimbus login --profile ${profileName}\``,
    );
  }
  const stored = profiles[profileName] ?? {};
  const envToken = env.NIMBUS_TOKEN;
  const projectId = options.project ?? env.NIMBUS_PROJECT ?? stored.project_id;
  const timeoutSeconds = timeoutOf(options, env);
  const { url: baseUrl, source } = baseUrlOf(
    options,
    env,
    stored.base_url,
    `the base_url of profile "${profileName}" in ${path}`,
  );
  const profileServer = stored.base_url ?? DEFAULT_BASE_URL;
  const atHome = originOf(baseUrl) === originOf(profileServer);
  if (!atHome && session && envToken === undefined && !env.NIMBUS_API_KEY && loggedIn(stored)) {
    throw new UsageError(
      `Profile "${profileName}" is logged in to ${profileServer}, not to ${baseUrl} (${source}): its tokens go to ${profileServer} only. To use ${baseUrl}, log in there with \`nimbus login --base-url ${baseUrl}\` (--profile <name> keeps this login), or pick a profile logged in there with --profile <name>`,
    );
  }
  const profile = atHome ? stored : withoutCredentials(stored);
  const profileSession = session && atHome && envToken === undefined;
  // Loaded here, not at start-up: `--help` and usage errors never need the SDK.
  const { Client, nodeFetch, nodeHttpFetch } = await loadSdk();
  // A command makes a request or two: `node:http` loads in a few milliseconds, Node's own fetch
  // (its bundled undici) in twenty, the SDK's undici transport (a megabyte of code) in more; the
  // latter is worth it for its proxy support only.
  const transport = usesProxy(env) ? nodeFetch : nodeHttpFetch;
  const accessToken = envToken ?? (profileSession ? profile.access_token : undefined);
  const refreshToken = profileSession ? profile.refresh_token : undefined;
  server = {
    baseUrl,
    timeoutSeconds,
    envToken: envToken !== undefined,
    accessToken,
    refreshable: refreshToken !== undefined,
  };
  const client = new Client({
    baseUrl,
    timeoutMs: timeoutSeconds * 1000,
    projectId,
    accessToken,
    refreshToken,
    apiKey: env.NIMBUS_API_KEY,
    controlToken: controlTokenOf(options, env, profile),
    fetch: debugWanted(options.debug, env) ? debugFetch(transport) : transport,
    onTokens: profileSession
      ? (pair) => {
          // Refresh tokens are single use: losing the new pair would log the profile out.
          // `run` waits for this write before the process ends.
          updateProfile(path, profileName, {
            access_token: pair.access_token,
            refresh_token: pair.refresh_token,
          }).catch((error: Error) =>
            process.stderr.write(`warning: could not save the new tokens to ${path}: ${error.message}\n`),
          );
        }
      : undefined,
  });
  return { client, profileName, profile, configPath: path, options, projectId, envToken, profileSession };
}

/**
 * The server: `--base-url`, else `NIMBUS_BASE_URL`, else the profile's, else the default; an
 * http(s) URL, or a usage error naming where it came from.
 */
function baseUrlOf(
  options: GlobalOptions,
  env: NodeJS.ProcessEnv,
  profileUrl: string | undefined,
  profileSource: string,
): { url: string; source: string } {
  const [url, source] =
    options.baseUrl !== undefined
      ? [options.baseUrl, '--base-url']
      : env.NIMBUS_BASE_URL
        ? [env.NIMBUS_BASE_URL, 'NIMBUS_BASE_URL']
        : [profileUrl ?? DEFAULT_BASE_URL, profileSource];
  if (originOf(url) === undefined)
    throw new UsageError(`${source} must be an http(s) URL such as ${DEFAULT_BASE_URL}, got "${url}"`);
  return { url, source };
}

/** `http://localhost:4010` of `http://localhost:4010/`, or undefined for anything but an http(s) URL. */
function originOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
}

function loggedIn(profile: Profile): boolean {
  return !!(profile.access_token || profile.refresh_token || profile.workload_token);
}

/** The profile as another server may see it: none of its tokens. */
function withoutCredentials(profile: Profile): Profile {
  const { access_token: _a, refresh_token: _r, workload_token: _w, control_token: _c, ...rest } = profile;
  return rest;
}

/** `--timeout`, else `NIMBUS_TIMEOUT`, else the default: seconds, more than zero. */
function timeoutOf(options: GlobalOptions, env: NodeJS.ProcessEnv): number {
  const [raw, source] =
    options.timeout !== undefined ? [options.timeout, '--timeout'] : [env.NIMBUS_TIMEOUT, 'NIMBUS_TIMEOUT'];
  if (raw === undefined || raw === '') return DEFAULT_TIMEOUT_SECONDS;
  const seconds = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(seconds) || seconds <= 0)
    throw new UsageError(`${source} must be a number of seconds more than 0, got "${raw}"`);
  return seconds;
}

/** The control token for `/__mock/*` routes: `--control-token`, `NIMBUS_CONTROL_TOKEN`, or the profile's. */
export function controlTokenOf(
  options: GlobalOptions,
  env: NodeJS.ProcessEnv,
  profile: Profile,
): string | undefined {
  return options.controlToken ?? (env.NIMBUS_CONTROL_TOKEN || undefined) ?? profile.control_token;
}

function usesProxy(env: NodeJS.ProcessEnv): boolean {
  return ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'].some((name) => !!env[name]);
}
