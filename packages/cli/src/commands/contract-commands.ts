import { type Command, Option } from 'commander';
import type { GlobalOptions } from '../context';
import { UsageError } from '../errors';
import { examples } from '../help';
import { commandPath } from '../usage';
import { addFieldOptions, kebab } from './flags';
import { MOCK_EXTENSIONS } from './mock-extensions';
import { readOperationInput } from './operation-input';
import type { GroupSpec, OperationSpec } from './operation-spec';

/**
 * Adds one command per resource group of the contract and one subcommand per operation:
 * `nimbus instances create --name web --flavor small --region hn`, and the reference server's
 * control routes under `nimbus mock` (`mock faults create`). Path parameters are arguments, body
 * and query fields are flags, `--from-file` supplies a whole body. Built from plain specs: the
 * contract itself is loaded only when an operation runs. A few commands get a small hand-written
 * extension on top (`MOCK_EXTENSIONS`: `mock state export --file`).
 */
export function addContractCommands(program: Command, groups: readonly GroupSpec[]): void {
  for (const group of groups) {
    const command = childCommand(program, kebab(group.group), group.description);
    for (const spec of group.operations) {
      // `databases replicas create`: one command per sub-resource between the group and the verb.
      const resources = spec.names.slice(1, -1);
      const parent = resources.reduce(
        (node, _, i) => childCommand(node, kebab(resources[i]!), spec.resourceSummaries[i]!),
        command,
      );
      addOperation(parent, spec);
    }
  }
}

/** The subcommand `name` of `parent`, made with `description` if it is not there yet. */
function childCommand(parent: Command, name: string, description: string): Command {
  return parent.commands.find((c) => c.name() === name) ?? parent.command(name).description(description);
}

function addOperation(parent: Command, spec: OperationSpec): void {
  const op = spec.names.at(-1)!;
  const sub = parent
    .command(kebab(op))
    .summary(spec.summary)
    .description(spec.description ? `${spec.summary}.\n\n${spec.description}` : spec.summary);
  for (const param of spec.params) sub.argument(`<${param.name}>`, param.description);
  addFieldOptions(sub, [...spec.body, ...spec.query]);
  if (spec.hasBody)
    sub.option(
      '--from-file <path>',
      'read the whole body from a JSON or YAML file, or - for stdin (flags override its fields)',
    );
  if (spec.paging) sub.addOption(new Option('--all', 'fetch every page'));
  if (spec.wait) sub.option('--wait', 'wait until the resource leaves its transitional state');
  if (spec.basicAuth)
    sub
      .option('--username <name>', 'basic-auth user (env NIMBUS_METRICS_USERNAME)')
      .option('--password <password>', 'basic-auth password (env NIMBUS_METRICS_PASSWORD)');
  if (isDestructive(spec)) sub.option('-y, --yes', 'do not ask for confirmation');
  // The reference server's metrics login (`nimbus mock start` prints it): without one the call is refused.
  const credentials = spec.basicAuth ? '--username metrics --password metrics' : '';
  const lines = [spec.example, ...(spec.moreExamples ?? [])].map((words) =>
    [commandPath(sub), words, credentials].filter((part) => part !== '').join(' '),
  );
  sub.addHelpText('after', examples(lines));

  sub.action(async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const values = command.opts();
    checkIds(spec, args.slice(0, spec.params.length) as string[]);
    // As curl does: bytes written to a terminal show as garbage and can upset its state.
    if (spec.binary && process.stdout.isTTY) {
      throw new UsageError(
        `${commandPath(sub)} answers binary data, which a terminal cannot show: redirect it to a file (${commandPath(sub)} ... > ${spec.names.at(-1)}.${BINARY_EXTENSIONS[spec.names.at(-1)!] ?? 'bin'}) or pipe it to a program`,
      );
    }
    // Read and checked before the SDK loads: a usage error costs about what `--help` does.
    const input = await readOperationInput(spec, args.slice(0, spec.params.length) as string[], values);
    const { runOperation } = await import('./run-operation');
    await runOperation(spec, {
      input,
      values,
      globals: command.optsWithGlobals() as GlobalOptions,
      destructive: isDestructive(spec),
    });
  });
  MOCK_EXTENSIONS[spec.route.id]?.(sub, spec);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids the contract takes as UUIDs are checked before sending: a typo is a usage error (exit 2). */
function checkIds(spec: OperationSpec, values: readonly string[]): void {
  spec.params.forEach((param, i) => {
    const value = values[i] ?? '';
    if (param.uuid && !UUID.test(value))
      throw new UsageError(
        `<${param.name}> must be an id, a UUID such as 0b5f3c1e-7a2d-4e8b-9c6f-1d2e3f4a5b6c, got "${value}"`,
      );
  });
}

/** The file extension of what a binary operation answers, for the redirect its refusal shows. */
const BINARY_EXTENSIONS: Record<string, string> = { segment: 'ts', snapshot: 'jpg' };

/**
 * Deletes, and operations that move a live service elsewhere: confirmed on a terminal. Of the
 * reference server's control routes, those that replace its whole state (a fault or the request
 * journal is the test's own, removed without a question).
 */
function isDestructive(spec: OperationSpec): boolean {
  const op = spec.names.at(-1);
  if (spec.api === 'mock') return op === 'reset' || op === 'import';
  return spec.method === 'DELETE' || op === 'failover' || op === 'execute';
}
