import { type Command, Help, type HelpConfiguration, Option } from 'commander';

/**
 * How every command's help reads: the program's flags listed under each subcommand too, and
 * each flag's choices and default said once, in words (`Output format: table, json (default
 * table)`), rather than commander's `(choices: "table", "json")` after a text that already
 * names them. Set on the program before any command is added: commands inherit it.
 */
export function helpConfiguration(program: Command): HelpConfiguration {
  return {
    showGlobalOptions: true,
    visibleOptions(this: Help, command: Command): Option[] {
      const options = Help.prototype.visibleOptions.call(this, command);
      // Read before the command, not as an option of any (see VERSION_FLAGS in program.ts).
      return command === program ? [new Option('-V, --version', 'print the version'), ...options] : options;
    },
    optionDescription(option: Option): string {
      const extras: string[] = [];
      if (option.argChoices && !mentionsAll(option.description, option.argChoices))
        extras.push(`one of ${option.argChoices.join(', ')}`);
      const fallback = shownDefault(option);
      if (fallback !== undefined && !/\bdefault\b/i.test(option.description))
        extras.push(`default ${fallback}`);
      return extras.length > 0 ? `${option.description} (${extras.join('; ')})` : option.description;
    },
  };
}

/** A default worth printing: a value the flag takes, not a switch's or an empty list. */
function shownDefault(option: Option): string | undefined {
  if (option.defaultValueDescription) return option.defaultValueDescription;
  const value: unknown = option.defaultValue;
  if (!(option.required || option.optional)) return undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** Whether `text` names every one of `words` (`postgres, mysql or sqlserver` names all three). */
export function mentionsAll(text: string, words: readonly string[]): boolean {
  return words.every((word) =>
    new RegExp(`(^|[^\\w-])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text),
  );
}

/** A help's closing examples, each a line as typed (`$ nimbus instances list`), for `addHelpText('after', ...)`. */
export function examples(lines: readonly string[]): string {
  const heading = lines.length === 1 ? 'Example' : 'Examples';
  return `\n${heading}:\n${lines.map((line) => `  $ ${line}`).join('\n')}`;
}

/** The `help` command of every command with subcommands takes the words of one: `help replicas create`. */
export const HELP_COMMAND = 'help [command...]';

/**
 * The line with `help` read as gh reads it: `nimbus help databases replicas create` is
 * `nimbus databases replicas create --help`, as is `nimbus databases help replicas create`
 * (commander's own help command takes one word). `args` is the line after `nimbus`; options are
 * skipped with their values, and the walk stops at a command without subcommands (its
 * arguments may well be "help"). Words that name no command are left for commander to refuse,
 * with its suggestion, rather than answered with the help of the last one they did name.
 */
export function expandHelpCommand(program: Command, args: readonly string[]): string[] {
  let command = program;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (arg.startsWith('-')) {
      if (takesValue(command, arg)) i++;
      continue;
    }
    if (arg === 'help') {
      const rest = [...args.slice(0, i), ...args.slice(i + 1)];
      return namesCommands(command, args.slice(i + 1)) ? [...rest, '--help'] : rest;
    }
    const next = subcommand(command, arg);
    if (!next || next.commands.length === 0) break;
    command = next;
  }
  return [...args];
}

/** Whether `words` walk down from `command` through commands that exist. */
function namesCommands(command: Command, words: readonly string[]): boolean {
  let at: Command | undefined = command;
  for (const word of words.filter((w) => !w.startsWith('-'))) {
    if (at.commands.length === 0) return true;
    at = subcommand(at, word);
    if (!at) return false;
  }
  return true;
}

function subcommand(command: Command, name: string): Command | undefined {
  return command.commands.find((c) => c.name() === name || c.aliases().includes(name));
}

/** Whether `arg` is a flag of `command` or of a command above it that takes a separate value. */
export function takesValue(command: Command, arg: string): boolean {
  if (arg.includes('=')) return false;
  for (let c: Command | null = command; c; c = c.parent) {
    const option = c.options.find((o) => o.long === arg || o.short === arg);
    if (option) return option.required || option.optional;
  }
  return false;
}
