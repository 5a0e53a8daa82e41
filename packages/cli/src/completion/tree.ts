import { type Command, Help, type Option } from 'commander';

/** One flag as a completion script offers it. */
export interface FlagSpec {
  /** `--output`. */
  long?: string;
  /** `-o`. */
  short?: string;
  description: string;
  /** Whether a value follows the flag (`--name <value>`). */
  takesValue: boolean;
  choices?: readonly string[];
}

/** A command at a path of the tree: `[]` is `nimbus`, `['mock', 'clock']` is `nimbus mock clock`. */
export interface CommandSpec {
  path: string[];
  description: string;
  /** Names (and aliases) of its subcommands, with their descriptions. */
  subcommands: { name: string; description: string }[];
  /** The values its first argument accepts, when they are a fixed list (`completion <shell>`). */
  values: string[];
  /** Its own flags; the program's flags (valid everywhere) are only on the root. */
  flags: FlagSpec[];
}

/**
 * Every command of the program with its subcommands and flags, read from the commander
 * tree, so the completion scripts follow whatever commands exist (generated ones included).
 */
export function commandSpecs(program: Command): CommandSpec[] {
  const help = new Help();
  const out: CommandSpec[] = [];
  const global = new Set(help.visibleOptions(program).flatMap((o) => flagNames(flagSpec(o))));
  const walk = (command: Command, path: string[]) => {
    const children = help.visibleCommands(command);
    const flags = help.visibleOptions(command).map(flagSpec);
    out.push({
      path,
      description: command.description(),
      subcommands: children.flatMap((child) =>
        [child.name(), ...child.aliases()].map((name) => ({
          name,
          description: firstLine(child.description()),
        })),
      ),
      values: [...(command.registeredArguments[0]?.argChoices ?? [])],
      flags: path.length === 0 ? flags : flags.filter((f) => !flagNames(f).some((name) => global.has(name))),
    });
    for (const child of children) walk(child, [...path, child.name()]);
  };
  walk(program, []);
  return out;
}

function flagSpec(option: Option): FlagSpec {
  return {
    long: option.long,
    short: option.short,
    description: firstLine(option.description),
    takesValue: option.required || option.optional,
    choices: option.argChoices,
  };
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}

/** Every spelling of a flag: `-o` and `--output`. */
export function flagNames(flag: FlagSpec): string[] {
  return [flag.short, flag.long].filter((name): name is string => name !== undefined);
}
