import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The published documents pass Redocly's lint (its recommended rules, configured in
 * redocly.yaml): a third-party reading of the OpenAPI 3.1 structure, the JSON Schemas and the
 * recorded examples against them.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const run = promisify(execFile);

describe('Redocly lint of the published OpenAPI documents', () => {
  it.each(['openapi/cloud-platform.json', 'openapi/video.json'])(
    '%s has no error and no warning',
    { timeout: 60_000 },
    async (file) => {
      const { stdout } = await run(
        process.execPath,
        [redocly, 'lint', file, '--config', 'redocly.yaml', '--format', 'json'],
        {
          cwd: repoRoot,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
      const report = JSON.parse(stdout) as { totals: Record<string, number>; problems: unknown[] };
      expect(report.problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    },
  );
});
