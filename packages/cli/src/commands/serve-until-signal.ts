/**
 * Prints a running server's banner and lasts as long as the server: it ends (exit 0) once
 * SIGINT or SIGTERM has closed it. The handlers are in place before the banner says the server is
 * up: a supervisor that stops it as soon as it reads the banner must not find the default action
 * (death by signal).
 */
export async function serveUntilSignal(server: { close(): Promise<void> }, banner: string[]): Promise<void> {
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      void server.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  process.stdout.write(`${banner.join('\n')}\n`);
  await stopped;
}
