import type { WorkloadScope } from '@nimbus/sdk/contract';
import type { Command } from 'commander';
import type { z } from 'zod';
import { commandContext, type GlobalOptions } from '../context';
import { UsageError } from '../errors';
import { examples } from '../help';
import { print } from '../output/print';
import { ask, askSecret, readSecretFromStdin } from './prompt';

/** `nimbus auth ...`: the account and its credentials, beside `login`, `logout` and `whoami`. */
export function addAuthCommands(program: Command): void {
  const auth = program
    .command('auth')
    .description('Account registration, MFA, and workload tokens for the video API (/v2)');

  auth
    .command('register')
    .description('Create an account (then `nimbus login`)')
    .option('--email <email>', 'account email')
    .option('--full-name <name>', 'your name')
    .option('--password-stdin', 'read the password from stdin (else it is asked for, hidden)')
    .addHelpText(
      'after',
      examples([
        `printf '%s' "$NIMBUS_PASSWORD" | nimbus auth register --email ana@example.com --full-name "Ana Silva" --password-stdin`,
      ]),
    )
    .action(
      async (options: { email?: string; fullName?: string; passwordStdin?: boolean }, command: Command) => {
        const globals = command.optsWithGlobals() as GlobalOptions;
        const ctx = await commandContext(globals, process.env, { session: false });
        const email = options.email ?? (await ask('Email: ', '--email'));
        const full_name = options.fullName ?? (await ask('Full name: ', '--full-name'));
        // The contract's rules, checked here: a short password is asked again, not sent and refused.
        const { AuthRegisterBody } = await import('@nimbus/sdk/contract/v1/auth');
        const problem = (schema: z.ZodType, value: string) => {
          const result = schema.safeParse(value);
          return result.success ? undefined : result.error.issues[0]?.message;
        };
        const badEmail = problem(AuthRegisterBody.shape.email, email);
        if (badEmail) throw new UsageError(`--email ${badEmail}, got "${email}"`);
        let password: string;
        if (options.passwordStdin) {
          password = await readSecretFromStdin('--password-stdin');
          const badPassword = problem(AuthRegisterBody.shape.password, password);
          if (badPassword) throw new UsageError(`the password from --password-stdin ${badPassword}`);
        } else {
          // The reason goes out with the next prompt, once echo is off again: written between
          // the two, an answer typed as soon as it showed was echoed.
          let retry = '';
          for (;;) {
            password = await askSecret(`${retry}Password (8 characters or more): `, '--password-stdin');
            const badPassword = problem(AuthRegisterBody.shape.password, password);
            if (!badPassword) break;
            retry = `The password ${badPassword}: try again.\n`;
          }
        }
        const user = await ctx.client.auth.register({ email, password, full_name });
        await print(user, globals);
        process.stderr.write(
          `Registered ${user.email}: log in with \`nimbus login --email ${user.email}\`\n`,
        );
      },
    );

  auth
    .command('refresh')
    .description("Rotate the profile's tokens now (expired ones are refreshed without it)")
    .addHelpText('after', examples(['nimbus auth refresh']))
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const ctx = await commandContext(globals);
      if (!ctx.profileSession || !ctx.profile.refresh_token) {
        throw new UsageError(
          'Nothing to refresh: only a login with a password holds a refresh token (a token from `login --token-stdin` or NIMBUS_TOKEN has none); log in with `nimbus login`',
        );
      }
      // The SDK hands the new pair to the context, which writes it to the profile.
      await ctx.client.auth.refresh();
      process.stderr.write(`Refreshed the tokens of profile "${ctx.profileName}"\n`);
    });

  const mfa = auth.command('mfa').description('TOTP two-factor authentication of the logged-in user');

  mfa
    .command('enroll')
    .description('Start enrolment: prints the TOTP secret and otpauth:// URI for an authenticator app')
    .addHelpText('after', examples(['nimbus auth mfa enroll', 'nimbus auth mfa verify --code 123456']))
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const ctx = await commandContext(globals);
      await print(await ctx.client.auth.mfaEnroll(), globals);
      process.stderr.write('Add it to your authenticator app, then: nimbus auth mfa verify --code <code>\n');
    });

  mfa
    .command('verify')
    .description("Confirm enrolment with the app's current code: MFA is on from then on")
    .requiredOption('--code <code>', 'current 6-digit TOTP code')
    .addHelpText('after', examples(['nimbus auth mfa verify --code 123456']))
    .action(async (options: { code: string }, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      if (!/^\d{6}$/.test(options.code)) throw new UsageError('--code must be 6 digits');
      const ctx = await commandContext(globals);
      await print(await ctx.client.auth.mfaEnroll({ code: options.code }), globals);
      process.stderr.write('MFA is on: `nimbus login` now needs a TOTP code\n');
    });

  auth
    .command('workload-token')
    .description(
      'Mint a token for the video API (/v2) of the project, e.g. for an HLS player or a service; prints the token',
    )
    .option('--scopes <list>', 'comma-separated scopes, e.g. cameras:read,events:read (default: all)')
    .option('--ttl-seconds <seconds>', 'lifetime, 60..86400 (default 3600)')
    .addHelpText(
      'after',
      examples([
        'nimbus auth workload-token',
        'nimbus auth workload-token --scopes playback:read --ttl-seconds 600',
      ]),
    )
    .action(async (options: { scopes?: string; ttlSeconds?: string }, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      // Loaded when the command runs: `nimbus --help` needs neither the contract nor the SDK.
      const { WorkloadScope } = await import('@nimbus/sdk/contract');
      const { videoTenant } = await import('../auth/workload-token');
      const known: string[] = WorkloadScope.options;
      const scopes = options.scopes?.split(',').map((scope) => scope.trim()) ?? known;
      const unknown = scopes.filter((scope) => !known.includes(scope));
      if (unknown.length > 0)
        throw new UsageError(`--scopes: unknown ${unknown.join(', ')} (one of ${known.join(', ')})`);
      const ttl = options.ttlSeconds === undefined ? undefined : Number(options.ttlSeconds);
      if (ttl !== undefined && !(Number.isInteger(ttl) && ttl >= 60 && ttl <= 86_400))
        throw new UsageError(`--ttl-seconds must be a whole number 60-86400, got "${options.ttlSeconds}"`);
      const ctx = await commandContext(globals);
      const issued = await ctx.client.auth.workloadToken({
        project_id: videoTenant(ctx),
        scopes: scopes as z.infer<typeof WorkloadScope>[],
        ttl_seconds: ttl,
      });
      // The bare token, for `TOKEN=$(nimbus auth workload-token)`; -o json|yaml gives the whole answer.
      if (globals.output && globals.output !== 'table') await print(issued, globals);
      else process.stdout.write(`${issued.token}\n`);
    });
}
