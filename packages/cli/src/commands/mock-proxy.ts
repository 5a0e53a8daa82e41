import type { RunningServer } from '@nimbus/mock-server';
import { type Command, InvalidArgumentError } from 'commander';
import type { GlobalOptions } from '../context';
import { CommandFailed, UsageError } from '../errors';
import { examples } from '../help';
import { serveUntilSignal } from './serve-until-signal';

interface ProxyOptions {
  target: string;
  record?: string;
  port: number;
  host: string;
  allowedHost: string[];
}

/**
 * `nimbus mock proxy --target <url>`: the reference server's port in front of a deployment
 * (docs/decisions/0021-mock-proxy.md). Every /api/v1 and /v2 request goes to the target and
 * comes back as it answered; the journal and the dashboard show where it differs from the contract.
 */
export function addMockProxyCommand(mock: Command): void {
  mock
    .command('proxy')
    .description(
      'Forward /api/v1 and /v2 to a deployment, check every answer against the contract, and show the divergences in the request log and the dashboard',
    )
    .requiredOption('--target <url>', 'base URL of the deployment, e.g. https://staging.example.com')
    .option(
      '--record <file>',
      'write the records the deployment answers to this file, secrets left out, as a state that `nimbus mock start --seed <file>` loads',
    )
    .option('--port <port>', 'port to listen on', port, 4010)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option(
      '--allowed-host <host>',
      'a Host name to answer besides loopback names and the bind address; repeatable',
      collect,
      [],
    )
    .addHelpText(
      'after',
      '\nThe answers are the deployment\'s, headers included; requests no contract route takes are forwarded too and flagged unknown-route.\nWebSocket upgrades (/v2/ws/events) are forwarded as they are, not checked. See the divergences with\n`nimbus mock requests list --divergent` or the dashboard\'s "divergent" filter.',
    )
    .addHelpText(
      'after',
      examples([
        'nimbus mock proxy --target https://staging.example.com',
        'nimbus mock proxy --target https://staging.example.com --record staging.json --port 4020',
      ]),
    )
    .action(async (options: ProxyOptions, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const controlToken = globals.controlToken ?? (process.env.NIMBUS_CONTROL_TOKEN || undefined);
      const { consoleLogger, createServer } = await import('@nimbus/mock-server');
      let server: RunningServer;
      try {
        server = await createServer({
          port: options.port,
          host: options.host,
          inMemory: true,
          proxyTarget: options.target,
          recordPath: options.record,
          allowedHosts: options.allowedHost,
          controlToken,
          simulator: false,
          logger: consoleLogger,
        });
      } catch (error) {
        if (error instanceof TypeError) throw new UsageError(error.message);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE')
          throw new CommandFailed(
            `${options.host}:${options.port} is in use: pass --port <port> (0 picks a free one)`,
          );
        if (options.record && (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR'))
          throw new UsageError(`--record ${options.record} cannot be written (${code})`);
        throw error;
      }
      const target = server.app.runtime.config.proxy?.url ?? options.target;
      const lines = [
        `Nimbus proxy listening on ${server.url}`,
        `  target      ${target} (/api/v1 and /v2 forwarded, answers checked against the contract)`,
        `  dashboard   ${server.url}/__mock/ui${server.controlToken ? '?token=<control token>' : ''} (filter "divergent")`,
        `  journal     ${server.url}/__mock/requests?divergent=true`,
      ];
      if (options.record)
        lines.push(`  recording   ${options.record} (nimbus mock start --seed ${options.record})`);
      if (server.controlToken && !controlToken) {
        lines.push(`  control     /__mock/* need this token (shown once): ${server.controlToken}`);
      }
      await serveUntilSignal(server, lines);
    });
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('--port must be a whole number 0-65535');
  return n;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
