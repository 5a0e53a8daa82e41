import type { VideoEventStreamQuery as StreamQuery } from '@nimbus/sdk/contract';
import type { Command } from 'commander';
import { commandContext, type GlobalOptions } from '../context';
import { Interrupted, UsageError } from '../errors';
import { examples } from '../help';
import { issueText } from '../validation';

interface TailOptions {
  camera?: string;
  type?: string;
  since?: string;
  limit?: string;
  duration?: string;
}

/** The stream's query fields by the flag that sets them, to name the flag in an error. */
const FLAG_OF: Record<string, string> = { camera_id: '--camera', type: '--type', since: '--since' };

/**
 * `nimbus events tail`: the realtime detection stream (`/v2/ws/events`) as JSON lines on stdout,
 * until `--limit` events or `--duration` seconds (exit 0), or Ctrl-C (exit 130, as any
 * interrupted command; SIGTERM 143). Not
 * `--timeout`: that is the program's time to wait for each answer of the server. The SDK's
 * stream reconnects after a drop and resumes without missing or repeating an event.
 */
export function addEventsTailCommand(program: Command): void {
  const events = program.commands.find((c) => c.name() === 'events') ?? program.command('events');
  events
    .command('tail')
    .description('Follow the detection events of the project live, one JSON object per line')
    .option('--camera <id>', 'only events of this camera')
    .option('--type <types>', 'only events of these types, comma-separated (motion, person, vehicle, ...)')
    .option('--since <time>', 'first replay the stored events since this ISO-8601 time')
    .option('--limit <n>', 'stop after n events')
    .option('--duration <seconds>', 'stop after this many seconds')
    .addHelpText(
      'after',
      examples([
        'nimbus events tail --type person --limit 1',
        'nimbus events tail --camera <camera-id> --since 2026-03-01T14:00:00Z --duration 60',
      ]),
    )
    .action(async (options: TailOptions, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      // Loaded when the command runs: `nimbus --help` needs neither the contract nor the SDK.
      const { VideoEventStreamQuery } = await import('@nimbus/sdk/contract');
      const { videoTenant, withWorkloadToken } = await import('../auth/workload-token');
      const filters = parseFilters(options, VideoEventStreamQuery);
      const limit = positive(options.limit, '--limit', Number.isInteger);
      const durationSeconds = positive(options.duration, '--duration', Number.isFinite);
      const ctx = await commandContext(globals);
      const project = videoTenant(ctx);

      const stopped = new AbortController();
      const stop = () => stopped.abort();
      let signal: 'SIGINT' | 'SIGTERM' | undefined;
      const onSigint = () => {
        signal ??= 'SIGINT';
        stop();
      };
      const onSigterm = () => {
        signal ??= 'SIGTERM';
        stop();
      };
      process.once('SIGINT', onSigint);
      process.once('SIGTERM', onSigterm);
      const timer = durationSeconds === undefined ? undefined : setTimeout(stop, durationSeconds * 1000);
      let printed = 0;
      // Where to pick up when a new token restarts the stream (the old one expired during a
      // long tail): the latest time printed, and the events printed at that time, not to repeat them.
      let latest: { ts: string; ids: Set<string> } | undefined;
      try {
        await withWorkloadToken(ctx, 'events:read', async (token, progress) => {
          const stream = ctx.client.video.withToken(token).events.stream({
            camera_id: filters.camera_id,
            types: filters.type,
            since: latest?.ts ?? filters.since,
            signal: stopped.signal,
          });
          stream.on('open', () => {
            progress();
            process.stderr.write(`Following events of project ${project} (Ctrl-C to stop)\n`);
          });
          stream.on('reconnecting', ({ delayMs }) =>
            process.stderr.write(`Connection lost; reconnecting in ${Math.ceil(delayMs / 1000)} s\n`),
          );
          for await (const event of stream) {
            if (latest?.ts === event.ts && latest.ids.has(event.id)) continue;
            if (latest?.ts !== event.ts) latest = { ts: event.ts, ids: new Set() };
            latest.ids.add(event.id);
            process.stdout.write(`${JSON.stringify(event)}\n`);
            if (++printed === limit) break;
          }
        });
      } finally {
        clearTimeout(timer);
        process.off('SIGINT', onSigint);
        process.off('SIGTERM', onSigterm);
      }
      // A signal ends the stream like any interrupted command; --limit and --duration are its
      // normal ends (exit 0).
      if (signal) throw new Interrupted(signal);
    });
}

/** Checks the filters with the stream's own query schema, before a connection is opened. */
function parseFilters(options: TailOptions, VideoEventStreamQuery: typeof StreamQuery) {
  const result = VideoEventStreamQuery.safeParse({
    camera_id: options.camera,
    type: options.type,
    since: options.since,
  });
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const flag = FLAG_OF[String(issue.path[0])] ?? String(issue.path[0]);
    return `${flag}: ${issueText(issue)}`;
  });
  throw new UsageError(lines.join('\n'));
}

function positive(raw: string | undefined, flag: string, check: (n: number) => boolean): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !check(n) || n <= 0)
    throw new UsageError(`${flag} must be a positive number, got "${raw}"`);
  return n;
}
