import { Interrupted, UsageError } from '../errors';

/** Asks on the terminal; without one, the value must come from a flag. */
export async function ask(question: string, flag: string): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError(`${flag} is required when not on a terminal`);
  return (await askLine(question)).trim();
}

/** One line typed on the terminal; Ctrl-C stops the command (`Interrupted`). */
async function askLine(question: string): Promise<string> {
  // Loaded for the question only: most commands never ask one.
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const interrupted = new AbortController();
  // The terminal is in raw mode while readline reads: Ctrl-C reaches it as a key, not a signal.
  rl.once('SIGINT', () => interrupted.abort());
  try {
    return await rl.question(question, { signal: interrupted.signal });
  } catch (error) {
    if (interrupted.signal.aborted) {
      process.stderr.write('\n');
      throw new Interrupted();
    }
    throw error;
  } finally {
    rl.close();
  }
}

const ENTER = new Set(['\r', '\n']);
const ERASE = new Set(['\u007f', '\b']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const CTRL_U = '\u0015';

/**
 * Asks for a secret on the terminal with echo off: the terminal is put in raw mode and nothing
 * typed is written back, as `sudo` and `ssh` do. Without a terminal, `flag` (or its stdin
 * variant) must supply it.
 */
export async function askSecret(question: string, flag: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) throw new UsageError(`${flag} is required when not on a terminal`);
  // Echo goes off before the prompt shows: what is typed after it must never appear.
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  process.stderr.write(question);
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = '';
      const onData = (chunk: string) => {
        for (const char of chunk) {
          if (ENTER.has(char) || (char === CTRL_D && typed === '')) {
            stdin.off('data', onData);
            resolve(typed);
            return;
          }
          if (char === CTRL_C) {
            stdin.off('data', onData);
            reject(new Interrupted());
            return;
          }
          if (ERASE.has(char)) typed = typed.slice(0, -1);
          else if (char === CTRL_U) typed = '';
          else if (char >= ' ') typed += char;
        }
      };
      stdin.on('data', onData);
    });
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    process.stderr.write('\n');
  }
}

/**
 * Reads a secret piped on stdin (`--password-stdin`, `--token-stdin`): everything up to the
 * end, without the final line break. Refuses a terminal, where the read would wait for Ctrl-D.
 */
export async function readSecretFromStdin(flag: string): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError(`${flag} reads a pipe: printf '%s' "$SECRET" | nimbus ...`);
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) text += chunk;
  const secret = text.replace(/\r?\n$/, '');
  if (secret === '') throw new UsageError(`${flag}: stdin was empty`);
  return secret;
}

/**
 * Asks "question [y/N]" on a terminal. Without one (a script, a pipe) nothing can be asked, and
 * a destructive command does not run on silence: as with gh, a script says `--yes` (exit 2).
 */
export async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) {
    throw new UsageError(
      `stdin is not a terminal, so "${question}" cannot be asked: pass --yes to go ahead without asking`,
    );
  }
  const answer = await askLine(`${question} [y/N] `);
  return /^y(es)?$/i.test(answer.trim());
}
