import { type Command, InvalidArgumentError } from 'commander';
import { closest } from '../closest';
import { type CommandContext, commandContext, type GlobalOptions } from '../context';
import { UsageError } from '../errors';
import { examples } from '../help';
import { print } from '../output/print';

/**
 * The control operations of the reference server that are one call each, under the contract's
 * names (`bucketName`, `setQuotas`, `setVideoTenant`, `injectVideoEvent`, `docs.asset`): `nimbus
 * mock bucket-name`, `set-quotas`, `set-video-tenant`, `inject-video-event` and `docs asset`.
 */
export function addMockOperationCommands(mock: Command): void {
  mock
    .command('bucket-name')
    .description('Whether a bucket name is free in every project (bucket names are one namespace)')
    .argument('<name>', 'the bucket name')
    .addHelpText('after', examples(['nimbus mock bucket-name my-assets']))
    .action(async (name: string, _o: unknown, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const { client } = await mockContext(globals);
      await print(await client.mock.bucketName(name), globals);
    });

  mock
    .command('set-quotas')
    .description("Change a project's quota limits (the others keep theirs)")
    .argument('<project-id>', 'the project')
    .option(
      '--limit <resource=n>',
      'the limit of a resource, e.g. instances=200; repeatable',
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .addHelpText(
      'after',
      examples(['nimbus mock set-quotas <project-id> --limit instances=200 --limit buckets=50']),
    )
    .action(async (projectId: string, options: { limit: string[] }, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      if (options.limit.length === 0) throw new UsageError('--limit <resource=n> is required');
      const limits = Object.fromEntries(options.limit.map(limitEntry));
      const { client } = await mockContext(globals);
      await print(await client.mock.setQuotas(projectId, { limits }), globals);
    });

  mock
    .command('set-video-tenant')
    .description("Change a /v2 tenant's plan: how many cameras, which features")
    .argument('<tenant-id>', 'the tenant: the project id')
    .option('--camera-limit <n>', 'cameras the tenant may have', wholeNumber('--camera-limit'))
    .option('--features <features>', 'features the tenant may enable, comma-separated (motion, person, ...)')
    .addHelpText(
      'after',
      examples([
        'nimbus mock set-video-tenant <tenant-id> --camera-limit 32 --features motion,person,vehicle',
      ]),
    )
    .action(
      async (tenantId: string, options: { cameraLimit?: number; features?: string }, command: Command) => {
        const globals = command.optsWithGlobals() as GlobalOptions;
        const features = options.features?.split(',').map((f) => f.trim());
        const { client } = await mockContext(globals);
        await print(
          await client.mock.setVideoTenant(tenantId, {
            camera_limit: options.cameraLimit,
            features: features as Parameters<typeof client.mock.setVideoTenant>[1]['features'],
          }),
          globals,
        );
      },
    );

  mock
    .command('inject-video-event')
    .description('Record a detection event as if the camera saw it (tenant from the camera)')
    .requiredOption('--camera-id <id>', 'the camera')
    .requiredOption('--type <type>', 'the detection: motion, person, vehicle, ...')
    .option('--confidence <score>', 'from 0 to 1 (default: a plausible random score)', Number)
    .addHelpText('after', examples(['nimbus mock inject-video-event --camera-id <camera-id> --type person']))
    .action(async (options: { cameraId: string; type: string; confidence?: number }, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const { client } = await mockContext(globals);
      await print(
        await client.mock.injectVideoEvent({
          camera_id: options.cameraId,
          type: options.type as Parameters<typeof client.mock.injectVideoEvent>[0]['type'],
          confidence: options.confidence,
        }),
        globals,
      );
    });

  addDocsAssetCommand(mock);
}

/** `nimbus mock docs asset <file>`: a static file of the API reference page (`docs.asset`). */
function addDocsAssetCommand(mock: Command): void {
  mock
    .command('docs')
    .description('Files of the API reference page (/docs)')
    .command('asset')
    .description('Write a static file of the API reference page (Swagger UI, the icon) to stdout')
    .argument(
      '<file>',
      'swagger-ui.css, swagger-ui-bundle.js, swagger-ui-standalone-preset.js or favicon.svg',
    )
    .addHelpText('after', examples(['nimbus mock docs asset favicon.svg > favicon.svg']))
    .action(async (file: string, _o: unknown, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      // Loaded when the command runs: `nimbus --help` needs no schema.
      const { DocsAssetName } = await import('@nimbus/sdk/contract');
      const names = DocsAssetName.options;
      if (!(names as readonly string[]).includes(file)) {
        const meant = closest(file, names);
        throw new UsageError(
          `<file> must be one of ${names.join(', ')}, got "${file}"${meant ? `. Did you mean ${meant}?` : ''}`,
        );
      }
      // As for every file the API answers in bytes: a terminal is not where they go.
      if (process.stdout.isTTY)
        throw new UsageError(
          `nimbus mock docs asset answers a file, which a terminal cannot show: redirect it (nimbus mock docs asset ${file} > ${file}) or pipe it to a program`,
        );
      const { client } = await mockContext(globals);
      process.stdout.write(await client.docs.asset(file as (typeof names)[number]));
    });
}

/**
 * The context of a `mock` command: its requests take the control token, never the user's login,
 * so they run against any server, and a login through it (`mock token`) leaves the profile as it was.
 */
export function mockContext(globals: GlobalOptions): Promise<CommandContext> {
  return commandContext(globals, process.env, { session: false });
}

function limitEntry(entry: string): [string, number] {
  const at = entry.indexOf('=');
  const n = Number(entry.slice(at + 1));
  if (at <= 0 || entry.slice(at + 1).trim() === '' || !Number.isInteger(n) || n < 0)
    throw new UsageError(`--limit takes resource=n with a whole number n >= 0, got "${entry}"`);
  return [entry.slice(0, at).trim(), n];
}

function wholeNumber(flag: string) {
  return (value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n) || n < 0)
      throw new InvalidArgumentError(`${flag} must be a whole number >= 0`);
    return n;
  };
}
