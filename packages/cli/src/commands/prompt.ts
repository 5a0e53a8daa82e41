import { createInterface } from 'node:readline/promises';
import { UsageError } from '../errors';

/** Asks on the terminal; without one, the value must come from a flag. */
export async function ask(
  question: string,
  flag: string,
  options: { secret?: boolean } = {},
): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError(`${flag} is required when not on a terminal`);
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  if (options.secret) {
    // Echo nothing while the secret is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stderr.write(s);
    };
  }
  try {
    const answer = await rl.question(question);
    if (options.secret) process.stderr.write('\n');
    return answer.trim();
  } finally {
    rl.close();
  }
}

/**
 * Asks "question [y/N]" on a terminal. Without one (a script, a pipe) nothing is asked and the
 * answer is yes: scripts say what they mean by running the command.
 */
export async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return true;
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}
