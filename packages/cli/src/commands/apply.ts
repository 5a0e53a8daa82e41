import type { Command } from 'commander';
import type { GlobalOptions } from '../context';
import { examples } from '../help';
import type { ApplyOptions } from './apply-actions';

/** `nimbus apply -f tenant.yaml` and `nimbus export`: scripted tenant setup. */
export function addApplyCommands(program: Command): void {
  program
    .command('apply')
    .description('Create or update a project and its resources from a tenant file (YAML or JSON)')
    .requiredOption('-f, --file <path>', 'tenant file (YAML, or JSON when it ends in .json); - reads stdin')
    .option('--dry-run', 'print the plan (create, update, unchanged, replace, delete) and change nothing')
    .option(
      '--prune',
      'delete what the file no longer lists, in the kinds it declares (shown in the plan first)',
    )
    .option(
      '--allow-replace',
      'replace (delete and create) what cannot be changed in place, instead of failing',
    )
    .option(
      '--wait',
      'wait until created resources have left their transitional state (provisioning, deploying)',
    )
    .option('-y, --yes', 'do not ask before deleting (--prune, --allow-replace)')
    .addHelpText(
      'after',
      examples([
        'nimbus apply -f tenant.yaml --dry-run',
        'cat tenant.yaml | nimbus apply -f - --prune --wait',
      ]),
    )
    .action(async (options: ApplyOptions, command: Command) => {
      const { applyTenant } = await import('./apply-actions');
      await applyTenant(options, command.optsWithGlobals() as GlobalOptions);
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
    .addHelpText(
      'after',
      examples(['nimbus export -f tenant.yaml', 'nimbus export --project <project-id> -o json']),
    )
    .action(async (options: { file?: string }, command: Command) => {
      const { exportProject } = await import('./apply-actions');
      await exportProject(options, command.optsWithGlobals() as GlobalOptions);
    });
}
