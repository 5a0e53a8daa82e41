import type { Command } from 'commander';
import { commandContext, controlTokenOf, type GlobalOptions } from '../context';
import { examples } from '../help';

/** What the printed URL shows in place of the token: the terminal may be recorded, shared or logged. */
const TOKEN_PLACEHOLDER = '?token=<control token>';

/**
 * Whether a browser can be opened for the user: a terminal on macOS or Windows, or on a Linux
 * desktop session. Elsewhere (CI, SSH, a container) the URL is printed only.
 */
function onDesktop(): boolean {
  if (!process.stdout.isTTY || process.env.CI) return false;
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

/** `nimbus mock ui`: the dashboard's URL, opened in the browser on a desktop. */
export function addMockUiCommand(mock: Command): void {
  mock
    .command('ui')
    .description(
      'Print the URL of the dashboard (request log, state, faults, clock) and open it on a desktop',
    )
    .option('--no-open', 'print the URL only')
    .addHelpText('after', examples(['nimbus mock ui', 'nimbus mock ui --no-open']))
    .action(async (options: { open: boolean }, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const { client, profile } = await commandContext(globals, process.env, { session: false });
      // Asked first, so a server that is down or a wrong token fails here, not in the browser.
      await client.mock.dashboard.retrieve();
      const url = `${client.baseUrl.replace(/\/+$/, '')}/__mock/ui`;
      const token = controlTokenOf(globals, process.env, profile);
      process.stdout.write(`${url}${token ? TOKEN_PLACEHOLDER : ''}\n`);
      if (!options.open || !onDesktop()) return;
      const { default: open } = await import('open');
      await open(token ? `${url}?token=${encodeURIComponent(token)}` : url);
      process.stderr.write('Opened in your browser\n');
    });
}
