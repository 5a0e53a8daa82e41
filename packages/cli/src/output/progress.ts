/**
 * Runs `work` with a spinner on a terminal (stderr by default), and silently when piped, so
 * scripted output stays clean. ora is loaded only when a spinner is shown.
 */
export async function withProgress<T>(
  text: string,
  work: (update: (text: string) => void) => Promise<T>,
  stream: NodeJS.WriteStream = process.stderr,
): Promise<T> {
  // A terminal that reports no width (some pseudo-terminals) would make the spinner's
  // line arithmetic divide by zero: treat it like a pipe.
  if (!stream.isTTY || !stream.columns) return work(() => {});
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream }).start();
  try {
    const result = await work((next) => {
      spinner.text = next;
    });
    spinner.succeed(text);
    return result;
  } catch (error) {
    spinner.fail();
    throw error;
  }
}
