import type { Command } from 'commander';
import { updateProfile } from '../config/profiles';
import { type CommandContext, commandContext, type GlobalOptions } from '../context';
import { CommandFailed, UsageError } from '../errors';
import { examples } from '../help';
import { print } from '../output/print';
import { ask, askSecret, readSecretFromStdin } from './prompt';

interface LoginOptions {
  email?: string;
  password?: string;
  passwordStdin?: boolean;
  tokenStdin?: boolean;
  totp?: string;
}

export function addLoginCommands(program: Command): void {
  program
    .command('login')
    .description('Log in and keep the tokens in a profile (asks for what is missing on a terminal)')
    .option('--email <email>', 'account email')
    .option(
      '--password <password>',
      'account password (prefer the prompt or --password-stdin: flags end up in shell history)',
    )
    .option('--password-stdin', 'read the password from stdin')
    .option('--token-stdin', 'read an access token from stdin instead of logging in with a password')
    .option('--totp <code>', 'current TOTP code, when MFA is on')
    .addHelpText(
      'after',
      examples([
        'nimbus login --email demo@nimbus.dev',
        `printf '%s' "$NIMBUS_PASSWORD" | nimbus login --email demo@nimbus.dev --password-stdin`,
        'nimbus mock token | nimbus login --token-stdin',
      ]),
    )
    .action(async (options: LoginOptions, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      // Logging in is how a new profile comes to exist, and takes no login: any server will do.
      const ctx = await commandContext(globals, process.env, { newProfile: true, session: false });
      if (options.tokenStdin) {
        if (options.password || options.passwordStdin)
          throw new UsageError(
            '--token-stdin logs in with a token: leave out --password and --password-stdin',
          );
        await loginWithToken(ctx, await readSecretFromStdin('--token-stdin'), globals);
        return;
      }
      if (options.password && options.passwordStdin)
        throw new UsageError('--password and --password-stdin: give the password one way');
      const email = options.email ?? (await ask('Email: ', '--email'));
      const password =
        options.password ??
        (options.passwordStdin
          ? await readSecretFromStdin('--password-stdin')
          : await askSecret('Password: ', '--password-stdin'));
      let result: Awaited<ReturnType<typeof ctx.client.auth.login>>;
      try {
        result = await ctx.client.auth.login({ email, password, totp_code: options.totp });
      } catch (error) {
        const { APIError } = await import('@nimbus/sdk');
        if (!(error instanceof APIError) || error.code !== 'MFA_REQUIRED' || options.totp) throw error;
        if (!process.stdin.isTTY) throw new UsageError(`${email} has MFA on: pass --totp <current code>`);
        const totp_code = await ask('TOTP code: ', '--totp');
        result = await ctx.client.auth.login({ email, password, totp_code });
      }
      await updateProfile(ctx.configPath, ctx.profileName, {
        base_url: ctx.client.baseUrl,
        email,
        access_token: result.access_token,
        refresh_token: result.refresh_token,
        // A workload token belongs to the session that issued it.
        workload_token: undefined,
        ...(globals.project && { project_id: globals.project }),
      });
      process.stderr.write(`Logged in as ${result.user.email} (profile "${ctx.profileName}")\n`);
    });

  program
    .command('logout')
    .description('Revoke the session and forget its tokens')
    .addHelpText('after', examples(['nimbus logout', 'nimbus --profile staging logout']))
    .action(async (_options: unknown, command: Command) => {
      const ctx = await commandContext(command.optsWithGlobals() as GlobalOptions);
      if (ctx.profile.access_token) await ctx.client.auth.logout().catch(() => undefined);
      await updateProfile(ctx.configPath, ctx.profileName, {
        access_token: undefined,
        refresh_token: undefined,
        workload_token: undefined,
      });
      process.stderr.write(`Logged out (profile "${ctx.profileName}")\n`);
    });

  program
    .command('whoami')
    .description('The current user')
    .addHelpText('after', examples(['nimbus whoami', 'nimbus whoami -o yaml']))
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const ctx = await commandContext(globals);
      await print(await ctx.client.users.me(), globals);
    });

  program
    .command('use')
    .description('Remember a project for the profile (sent as X-Project-ID)')
    .argument('<project-id>')
    .addHelpText(
      'after',
      examples(['nimbus use <project-id>', 'nimbus use "$(nimbus projects list -q | head -1)"']),
    )
    .action(async (projectId: string, _options: unknown, command: Command) => {
      // The server checks X-Project-ID as a UUID: anything else would fail every later command.
      if (!UUID.test(projectId))
        throw new UsageError(
          `"${projectId}" is not a project id (a UUID): \`nimbus projects list\` shows yours`,
        );
      const ctx = await commandContext(command.optsWithGlobals() as GlobalOptions);
      const checked = await checkProject(ctx, projectId);
      await updateProfile(ctx.configPath, ctx.profileName, { project_id: projectId });
      process.stderr.write(`Profile "${ctx.profileName}" now uses project ${checked ?? projectId}\n`);
    });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Makes sure the project is one of the caller's, when the server can say: answers "<id> (name)",
 * or undefined when it could not be checked (no login, no server), which stderr says.
 *
 * @throws CommandFailed when the server lists the caller's projects and this is not one of them.
 */
async function checkProject(ctx: CommandContext, projectId: string): Promise<string | undefined> {
  const { APIConnectionError, AuthenticationError } = await import('@nimbus/sdk');
  try {
    for await (const project of ctx.client.projects.list({ per_page: 100 })) {
      if (project.id.toLowerCase() === projectId.toLowerCase()) return `${projectId} (${project.name})`;
    }
  } catch (error) {
    if (!(error instanceof APIConnectionError || error instanceof AuthenticationError)) throw error;
    const why = error instanceof AuthenticationError ? 'not logged in' : `cannot reach ${ctx.client.baseUrl}`;
    process.stderr.write(`warning: not checked that the project is one of yours (${why})\n`);
    return undefined;
  }
  throw new CommandFailed(
    `Project ${projectId} is not one of yours (\`nimbus projects list\` shows them): the profile is unchanged`,
  );
}

/**
 * Keeps an access token obtained elsewhere (`nimbus mock token`, a CI secret), once the server
 * has said whose it is. Without a refresh token, the profile lasts as long as the token does.
 */
async function loginWithToken(ctx: CommandContext, token: string, globals: GlobalOptions): Promise<void> {
  const { Nimbus } = await import('@nimbus/sdk');
  const user = await new Nimbus({ baseUrl: ctx.client.baseUrl, accessToken: token }).users.me();
  await updateProfile(ctx.configPath, ctx.profileName, {
    base_url: ctx.client.baseUrl,
    email: user.email,
    access_token: token,
    refresh_token: undefined,
    workload_token: undefined,
    ...(globals.project && { project_id: globals.project }),
  });
  process.stderr.write(`Logged in as ${user.email} with a token (profile "${ctx.profileName}")\n`);
}
