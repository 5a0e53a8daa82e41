import { Command, type ErrorOptions, type ParseOptions } from 'commander';
import { VersionAsked } from './errors';
import { takesValue } from './help';

/** `nimbus instances create`: the words that reach a command. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * What a usage error prints after its message: the command's usage line and where its flags
 * are described, rather than the whole help (a group's help lists dozens of commands).
 */
export function usageHint(command: Command): string {
  const path = commandPath(command);
  const what = command.commands.length > 0 ? 'its commands' : 'its flags and an example';
  return `Usage: ${path} ${command.usage()}\nRun '${path} --help' for ${what}.`;
}

/**
 * A command whose usage errors end with `usageHint`, worked out when an error is shown: set on
 * every command up front, the hints of the hundred-odd commands were made on every start.
 */
export class HintingCommand extends Command {
  /** The words after `nimbus` the program was given, to find the command a usage error is about. */
  private words: readonly string[] = [];

  override parseAsync(argv?: readonly string[], options?: ParseOptions): Promise<this> {
    this.words = (argv ?? process.argv).slice(options?.from === 'user' ? 0 : 2);
    return super.parseAsync(argv, options);
  }

  override createCommand(name?: string): Command {
    return new HintingCommand(name);
  }

  override error(message: string, errorOptions?: ErrorOptions): never {
    // A command without a `--version` field of its own: the line wants the CLI's version, as
    // `nimbus --version` gives it (an endpoint's `--version` field is read as that field).
    if (errorOptions?.code === 'commander.unknownOption' && /'(--version|-V)'/.test(message))
      throw new VersionAsked(message);
    this.showHelpAfterError(usageHint(this.commandOfLine()));
    return super.error(message, errorOptions);
  }

  /**
   * The command a usage error is about: the deepest one the line names below this one. A
   * program-wide flag is read by the program wherever it stands, so its errors (`instances list
   * -o xml`, `instances list --project` without its value) are raised there; they belong to the
   * command the line runs, and show its usage line, not the program's.
   */
  private commandOfLine(): Command {
    let root: Command = this;
    while (root.parent) root = root.parent;
    const args = root instanceof HintingCommand ? root.words : [];
    let at = root;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === '--') break;
      if (arg.startsWith('-')) {
        if (takesValue(at, arg)) i++;
        continue;
      }
      const next = at.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
      if (!next) break;
      at = next;
    }
    // Only a command below this one: a command's own errors stay its own.
    for (let c: Command | null = at; c; c = c.parent) if (c === this) return at;
    return this;
  }
}
