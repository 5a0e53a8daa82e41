import { Argument, type Command } from 'commander';
import { bashScript } from '../completion/bash';
import { fishScript } from '../completion/fish';
import { commandSpecs } from '../completion/tree';
import { zshScript } from '../completion/zsh';
import { examples } from '../help';

const SCRIPTS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

/**
 * `nimbus completion bash|zsh|fish`: a script generated from the command tree when it runs,
 * so every command, generated ones included, completes without a hand-kept list.
 */
export function addCompletionCommand(program: Command): void {
  program
    .command('completion')
    .description('Print a shell completion script: source <(nimbus completion bash)')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(Object.keys(SCRIPTS)))
    .addHelpText(
      'after',
      examples([
        'source <(nimbus completion bash)',
        'mkdir -p ~/.config/fish/completions && nimbus completion fish > ~/.config/fish/completions/nimbus.fish',
      ]),
    )
    .action((shell: keyof typeof SCRIPTS) => {
      process.stdout.write(SCRIPTS[shell](commandSpecs(program)));
    });
}
