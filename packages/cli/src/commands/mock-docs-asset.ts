import type { Command } from 'commander';
import { closest } from '../closest';
import type { GlobalOptions } from '../context';
import { UsageError } from '../errors';
import { examples } from '../help';
import { mockContext } from './mock-extensions';

/** `nimbus mock docs asset <file>`: a static file of the API reference page (`docs.asset`). */
export function addDocsAssetCommand(mock: Command): void {
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
