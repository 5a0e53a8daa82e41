import { Command, type ErrorOptions } from 'commander';
import { VersionAsked } from './errors';

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
  override createCommand(name?: string): Command {
    return new HintingCommand(name);
  }

  override error(message: string, errorOptions?: ErrorOptions): never {
    // A command without a `--version` field of its own: the line wants the CLI's version, as
    // `nimbus --version` gives it (an endpoint's `--version` field is read as that field).
    if (errorOptions?.code === 'commander.unknownOption' && /'(--version|-V)'/.test(message))
      throw new VersionAsked(message);
    this.showHelpAfterError(usageHint(this));
    return super.error(message, errorOptions);
  }
}
