import ora from 'ora';

/**
 * Runs `work` with a spinner on a terminal (stderr), and silently when piped,
 * so scripted output stays clean.
 */
export async function withProgress<T>(text: string, work: (update: (text: string) => void) => Promise<T>): Promise<T> {
  if (!process.stderr.isTTY) return work(() => {});
  const spinner = ora({ text, stream: process.stderr }).start();
  try {
    const result = await work((next) => {
      spinner.text = next;
    });
    spinner.succeed();
    return result;
  } catch (error) {
    spinner.fail();
    throw error;
  }
}
