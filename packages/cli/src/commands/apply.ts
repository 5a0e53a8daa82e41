import { writeFile } from 'node:fs/promises';
import { APIError } from '@nimbus/sdk';
import type { Command } from 'commander';
import { stringify } from 'yaml';
import { readTenantFile } from '../apply/document';
import { countActions, describeChange, executePlan, reportRows } from '../apply/execute';
import { exportTenant } from '../apply/export';
import { supportedKinds } from '../apply/kinds';
import { orderKinds, planTenant, type Step } from '../apply/plan';
import { Target } from '../apply/target';
import { commandContext, type GlobalOptions } from '../context';
import { CommandFailed, UsageError } from '../errors';
import { print } from '../output/print';
import { withProgress } from '../output/progress';

/** What a person reads first in the plan or result table. */
const REPORT_COLUMNS = ['resource', 'action', 'changes', 'result', 'note', 'id'];

/** `nimbus apply -f tenant.yaml` and `nimbus export`: scripted tenant setup. */
export function addApplyCommands(program: Command): void {
  program
    .command('apply')
    .description(
      'Create or update a project and its resources from a tenant file (YAML or JSON); never deletes',
    )
    .requiredOption('-f, --file <path>', 'tenant file (YAML, or JSON when it ends in .json)')
    .option('--dry-run', 'print the plan (create, update, unchanged, replace needed) and change nothing')
    .action(async (options: { file: string; dryRun?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const { client } = await commandContext(globals);
      const { supported, unsupported } = supportedKinds(client);
      const doc = await readTenantFile(options.file, supported, unsupported);
      const target = new Target(client, orderKinds(supported));
      const steps = await withProgress(`Reading project "${doc.project.name}"`, () =>
        planTenant(target, doc),
      );
      const counts = countActions(steps);
      const changing = counts.create + counts.update;

      if (options.dryRun) {
        await print(reportRows(steps), { ...globals, columns: REPORT_COLUMNS });
        warnReplacements(steps);
        say(
          changing === 0
            ? `No changes: project "${doc.project.name}" matches ${options.file} (dry run)`
            : `Plan: ${counts.create} to create, ${counts.update} to update, ${counts.unchanged} unchanged` +
                `${counts['replace needed'] ? `, ${counts['replace needed']} replace needed` : ''} (dry run: nothing was changed)`,
        );
        return;
      }

      const applied = await withProgress(`Applying ${options.file}`, (update) =>
        executePlan(steps, (step) =>
          update(`${step.action === 'create' ? 'Creating' : 'Updating'} ${step.address}`),
        ),
      );
      await print(reportRows(steps, applied.outcomes), { ...globals, columns: REPORT_COLUMNS });
      warnReplacements(steps);
      if (applied.failure) {
        const done = steps.filter((s) => applied.outcomes.get(s) === 'done').map((s) => s.address);
        const notDone = steps.filter((s) => applied.outcomes.get(s) === 'not done').map((s) => s.address);
        throw new CommandFailed(
          [
            `${applied.failure.step.address}: ${errorText(applied.failure.error)}`,
            `done: ${done.length > 0 ? done.join(', ') : 'nothing'}`,
            `not done: ${[applied.failure.step.address, ...notDone].join(', ')}`,
          ].join('\n'),
        );
      }
      say(
        changing === 0
          ? `No changes: project "${doc.project.name}" already matches ${options.file}`
          : `Applied ${options.file} to project "${doc.project.name}": ${counts.create} created, ${counts.update} updated, ${counts.unchanged} unchanged`,
      );
    });

  program
    .command('export')
    .description(
      "Write a project (--project, or the profile's) as a tenant file that `nimbus apply` reproduces",
    )
    .option(
      '-f, --file <path>',
      'write to this file (JSON when it ends in .json, YAML otherwise) instead of stdout',
    )
    .action(async (options: { file?: string }, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const { client } = await commandContext(globals);
      const projectId = client.projectId;
      if (!projectId)
        throw new UsageError('No project: pass --project <id> or pick one with `nimbus use <id>`');
      const { supported } = supportedKinds(client);
      const doc = await withProgress('Exporting', () =>
        exportTenant(new Target(client, orderKinds(supported)), projectId),
      );
      const json = options.file ? /\.json$/i.test(options.file) : globals.output === 'json';
      const text = json ? `${JSON.stringify(doc, null, 2)}\n` : stringify(doc);
      if (options.file) {
        await writeFile(options.file, text);
        say(`Wrote project "${(doc.project as { name: string }).name}" to ${options.file}`);
      } else {
        process.stdout.write(text);
      }
    });
}

function warnReplacements(steps: readonly Step[]): void {
  for (const step of steps) {
    if (step.action !== 'replace needed') continue;
    say(
      `warning: ${step.address} differs (${step.changes.map((change) => describeChange(change)).join('; ')}) and ${step.note}: ` +
        'replace it by hand (apply never deletes)',
    );
  }
}

function errorText(error: unknown): string {
  if (error instanceof APIError) return `${error.message} (${error.code ?? error.status})`;
  return error instanceof Error ? error.message : String(error);
}

/** Messages for people go to stderr, so stdout stays the plan or result. */
function say(line: string): void {
  process.stderr.write(`${line}\n`);
}
