import { type Command, Option } from 'commander';
import type { GlobalOptions } from '../context';
import { commandPath } from '../usage';
import { addFieldOptions, kebab } from './flags';
import { readOperationInput } from './operation-input';
import type { FieldSpec, GroupSpec, OperationSpec } from './operation-spec';

/** Operations that start something `--wait` can follow. */
const WAITABLE = /^(create|start|stop|scale|failover|execute|drill|update)$/;

/**
 * Adds one command per resource group of the contract and one subcommand per operation:
 * `nimbus instances create --name web --flavor small --region hn`. Path parameters are
 * arguments, body and query fields are flags, `--from-file` supplies a whole body. Built from
 * plain specs: the contract itself is loaded only when an operation runs.
 */
export function addContractCommands(program: Command, groups: readonly GroupSpec[]): void {
  const existing = new Map(program.commands.map((c) => [c.name(), c]));
  for (const group of groups) {
    const name = kebab(group.group);
    const command = existing.get(name) ?? program.command(name).description(group.description);
    for (const spec of group.operations) addOperation(command, spec);
  }
}

function addOperation(parent: Command, spec: OperationSpec): void {
  const name = spec.op === 'retrieve' ? 'get' : kebab(spec.op);
  const sub = parent.command(name).description(`${spec.summary} (${spec.method} ${spec.path})`);
  if (spec.op === 'retrieve') sub.alias('retrieve');
  for (const param of spec.params) sub.argument(`<${param}>`, `${param.replace(/_/g, ' ')} (path)`);
  addFieldOptions(sub, [...spec.body, ...spec.query]);
  if (spec.hasBody)
    sub.option(
      '--from-file <path>',
      'read the whole body from a JSON or YAML file, or - for stdin (flags override its fields)',
    );
  if (spec.paging) sub.addOption(new Option('--all', 'fetch every page'));
  if (WAITABLE.test(spec.op) && spec.retrievable)
    sub.option('--wait', 'wait until the resource leaves its transitional state');
  if (spec.basicAuth)
    sub
      .option('--username <name>', 'basic-auth user (env NIMBUS_METRICS_USERNAME)')
      .option('--password <password>', 'basic-auth password (env NIMBUS_METRICS_PASSWORD)');
  if (isDestructive(spec)) sub.option('-y, --yes', 'do not ask for confirmation');
  sub.addHelpText('after', `\nExample:\n  $ ${exampleLine(sub, spec.params, [...spec.body, ...spec.query])}`);

  sub.action(async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const values = command.opts();
    // Read and checked before the SDK loads: a usage error costs about what `--help` does.
    const input = await readOperationInput(spec, args.slice(0, spec.params.length) as string[], values);
    const { runOperation } = await import('./run-operation');
    await runOperation(spec, {
      input,
      values,
      globals: command.optsWithGlobals() as GlobalOptions,
      destructive: isDestructive(spec),
      waitable: WAITABLE.test(spec.op) && spec.retrievable,
    });
  });
}

/** Deletes, and operations that move a live service elsewhere: confirmed on a terminal. */
function isDestructive(spec: OperationSpec): boolean {
  return spec.method === 'DELETE' || spec.op === 'failover' || spec.op === 'execute';
}

/** `nimbus databases create --name <name> --engine postgres --region <region>`. */
function exampleLine(command: Command, params: string[], flags: FieldSpec[]): string {
  const words = [commandPath(command), ...params.map((p) => `<${p}>`)];
  for (const f of flags.filter((flag) => flag.required)) {
    if (f.kind === 'boolean') words.push(`--${f.flag}`);
    else words.push(`--${f.flag}`, f.choices?.[0] ?? (f.kind === 'json' ? `'<json>'` : `<${f.flag}>`));
  }
  return words.join(' ');
}
