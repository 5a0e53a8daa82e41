import { Interrupted } from '../errors';
import { untilInterrupted } from '../interrupt';

/**
 * Runs `work` with a spinner on a terminal (stderr by default), and silently when piped, so
 * scripted output stays clean. ora is loaded only when a spinner is shown. Ctrl-C ends the wait
 * (`Interrupted`, exit 130), the spinner's line cleared and the cursor shown again.
 */
export async function withProgress<T>(
  text: string,
  work: (update: (text: string) => void) => Promise<T>,
  stream: NodeJS.WriteStream = process.stderr,
): Promise<T> {
  // A terminal that reports no width (some pseudo-terminals) would make the spinner's
  // line arithmetic divide by zero: treat it like a pipe.
  if (!stream.isTTY || !stream.columns) return untilInterrupted(work(() => {}));
  const { default: ora } = await import('ora');
  // ora's discardStdin puts the terminal in raw mode, where Ctrl-C is a key and sends no signal.
  const spinner = ora({ text, stream, discardStdin: false }).start();
  try {
    const result = await untilInterrupted(
      work((next) => {
        spinner.text = next;
      }),
    );
    spinner.succeed(text);
    return result;
  } catch (error) {
    if (error instanceof Interrupted) spinner.stop();
    else spinner.fail();
    throw error;
  }
}
