import type { Command } from 'commander';

const aliases = new WeakSet<Command>();

/**
 * Adds `name` under `parent` as an old name of a command that `define` sets up (the same flags,
 * arguments and action): it keeps working for scripts written against it, and is left out of the
 * help, the completion scripts and the walk of the help's examples.
 *
 * @example
 * hiddenAlias(faults, 'add', defineFaultCreate);
 */
export function hiddenAlias(parent: Command, name: string, define: (command: Command) => unknown): void {
  const command = parent.command(name, { hidden: true });
  aliases.add(command);
  define(command);
}

/** Whether `command` is an old name kept by `hiddenAlias`. */
export function isHiddenAlias(command: Command): boolean {
  return aliases.has(command);
}
