import type { VerifyCredentials, VerifyOptions, VerifyResult } from '@nimbus/mock-server/verify';
import type { Command } from 'commander';
import { configPath, readConfig } from '../config/profiles';
import type { GlobalOptions } from '../context';
import { CommandFailed, ExitCode, Interrupted, UsageError } from '../errors';
import { examples } from '../help';
import { readSecretFromStdin } from './prompt';

interface VerifyFlags {
  target?: string;
  email?: string;
  passwordStdin?: boolean;
  tokenStdin?: boolean;
  only?: string[];
  readOnly?: boolean;
  junit?: string;
  lifecycleTimeout?: string;
  streamWait?: string;
}

/**
 * `nimbus verify --target <url>`: checks a deployment against the contract and the reference
 * behaviour with `verifyDeployment()` of `@nimbus/mock-server/verify`, prints the report (a
 * table, or `-o json`), writes JUnit XML with `--junit`. Exit 0 when nothing diverges, 1 when
 * anything does, 2 for a usage error or a target it cannot reach; 130/143 on SIGINT/SIGTERM,
 * once what it made is deleted.
 */
export function addVerifyCommand(program: Command): void {
  program
    .command('verify')
    .description('Check a deployment of both APIs against the contract and the reference behaviour')
    .requiredOption('--target <url>', 'base URL of the deployment (serves /api/v1 and /v2)')
    .option('--email <email>', 'sign in as this user (with --password-stdin)')
    .option('--password-stdin', 'read the password of --email from stdin')
    .option(
      '--token-stdin',
      'read an access token from stdin (else NIMBUS_TOKEN, NIMBUS_API_KEY, the profile)',
    )
    .option(
      '--only <glob>',
      'only these operations, by contract id (v1.instances.*); repeat for more',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--read-only', 'send no request that writes (for a production deployment)')
    .option('--junit <file>', 'also write the report as JUnit XML to this file')
    .option('--lifecycle-timeout <seconds>', 'longest wait for one lifecycle, on the target (default 120)')
    .option('--stream-wait <seconds>', 'how long to wait for events on the WebSocket stream (default 5)')
    .addHelpText(
      'after',
      examples([
        `printf '%s' "$NIMBUS_PASSWORD" | nimbus verify --target https://staging.example.com --email ci@example.com --password-stdin`,
        "nimbus verify --target https://staging.example.com --only 'v1.instances.*' -o json",
        'NIMBUS_TOKEN=<token> nimbus verify --target https://api.example.com --read-only --junit verify.xml',
      ]),
    )
    .action(async (flags: VerifyFlags, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const target = targetOf(flags.target!);
      const options: VerifyOptions = {
        target,
        credentials: await credentialsOf(flags, globals, target),
        ...(flags.only && { only: flags.only }),
        ...(flags.readOnly && { readOnly: true }),
        ...(globals.project && { projectId: globals.project }),
        lifecycleTimeoutMs: seconds(flags.lifecycleTimeout, '--lifecycle-timeout', 120) * 1000,
        streamWaitMs: seconds(flags.streamWait, '--stream-wait', 5) * 1000,
        ...metricsCredentials(),
      };
      const result = await runStoppable(options);
      const { reportJson, reportJunit, reportTable } = await import('@nimbus/mock-server/verify');
      if (globals.output === 'json') process.stdout.write(`${JSON.stringify(reportJson(result), null, 2)}\n`);
      else if (globals.output === 'yaml') {
        const { stringify } = await import('yaml');
        process.stdout.write(stringify(reportJson(result)));
      } else process.stdout.write(reportTable(result));
      for (const line of result.leftBehind) process.stderr.write(`left on ${target}: ${line}\n`);
      if (flags.junit) {
        const { writeFile } = await import('node:fs/promises');
        await writeFile(flags.junit, reportJunit(result));
      }
      if (result.divergences.length > 0)
        throw new CommandFailed(
          `${result.divergences.length} divergence(s) from the contract on ${target}`,
          ExitCode.apiError,
        );
    });
}

/** Runs the check, stopped by SIGINT or SIGTERM: what it made is deleted, then exit 130 or 143. */
async function runStoppable(options: VerifyOptions): Promise<VerifyResult> {
  const { verifyDeployment, TargetUnreachableError, VerifyAuthenticationError, VerifyInterruptedError } =
    await import('@nimbus/mock-server/verify');
  const stopped = new AbortController();
  let signal: 'SIGINT' | 'SIGTERM' | undefined;
  const onSignal = (name: 'SIGINT' | 'SIGTERM') => () => {
    signal ??= name;
    process.stderr.write(`${name}: deleting what verify made on ${options.target}\n`);
    stopped.abort();
  };
  const onSigint = onSignal('SIGINT');
  const onSigterm = onSignal('SIGTERM');
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigterm);
  try {
    return await verifyDeployment({ ...options, signal: stopped.signal });
  } catch (error) {
    if (error instanceof VerifyInterruptedError) {
      for (const line of error.leftBehind) process.stderr.write(`left on ${options.target}: ${line}\n`);
      throw new Interrupted(signal);
    }
    if (error instanceof TargetUnreachableError) throw new CommandFailed(error.message, ExitCode.usage);
    if (error instanceof VerifyAuthenticationError) throw new CommandFailed(error.message, ExitCode.usage);
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  }
}

/** `--target` as an http(s) URL, or a usage error. */
function targetOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--target must be an http(s) URL such as https://staging.example.com, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--target must be an http(s) URL such as https://staging.example.com, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

/**
 * Who verify signs in as, the first that applies: `--email` with `--password-stdin`,
 * `--token-stdin`, `NIMBUS_TOKEN`, `NIMBUS_API_KEY` with `--project`, the profile's session
 * when the profile is logged in to the target.
 */
async function credentialsOf(
  flags: VerifyFlags,
  globals: GlobalOptions,
  target: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<VerifyCredentials> {
  if (flags.email !== undefined) {
    if (!flags.passwordStdin) throw new UsageError('--email needs --password-stdin (the password on stdin)');
    return { email: flags.email, password: await readSecretFromStdin('--password-stdin') };
  }
  if (flags.passwordStdin) throw new UsageError('--password-stdin goes with --email <email>');
  if (flags.tokenStdin) return { accessToken: await readSecretFromStdin('--token-stdin') };
  if (env.NIMBUS_TOKEN) return { accessToken: env.NIMBUS_TOKEN };
  const projectId = globals.project ?? env.NIMBUS_PROJECT;
  if (env.NIMBUS_API_KEY) {
    if (!projectId) throw new UsageError('NIMBUS_API_KEY works on its project: pass --project <id> too');
    return { apiKey: env.NIMBUS_API_KEY, projectId };
  }
  const name = globals.profile ?? env.NIMBUS_PROFILE ?? 'default';
  const profile = (await readConfig(configPath(env))).profiles[name];
  const home = profile?.base_url && new URL(profile.base_url).origin;
  if (profile?.access_token && home === new URL(target).origin) return { accessToken: profile.access_token };
  throw new UsageError(
    `No credentials for ${target}: --email <email> --password-stdin, --token-stdin, NIMBUS_TOKEN, NIMBUS_API_KEY with --project, or a profile logged in there (\`nimbus login --base-url ${target}\`)`,
  );
}

/** Basic-auth credentials of `/v2/metrics`, as the other commands take them. */
function metricsCredentials(env: NodeJS.ProcessEnv = process.env): Pick<VerifyOptions, 'metricsCredentials'> {
  const user = env.NIMBUS_METRICS_USERNAME;
  const password = env.NIMBUS_METRICS_PASSWORD;
  return user && password ? { metricsCredentials: { user, password } } : {};
}

function seconds(raw: string | undefined, flag: string, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value <= 0)
    throw new UsageError(`${flag} must be a number of seconds more than 0, got "${raw}"`);
  return value;
}
