import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withProgress } from '../src/output/progress';

/** A stream that says it is a terminal (or not), collecting what is written to it (colours removed). */
function fakeStream(isTTY: boolean): NodeJS.WriteStream & { text(): string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  // The cursor moves a tty.WriteStream offers, as the escape codes it would write.
  const tty = {
    cursorTo: (x: number) => stream.write(`\x1b[${x + 1}G`),
    clearLine: () => stream.write('\x1b[2K'),
    moveCursor: (dx: number, dy: number) => stream.write(`\x1b[${dy}B\x1b[${dx}C`),
  };
  return Object.assign(stream, tty, {
    isTTY,
    columns: 80,
    text: () => stripVTControlCharacters(Buffer.concat(chunks).toString()),
  }) as unknown as NodeJS.WriteStream & { text(): string };
}

// ora stays quiet under CI=... and TERM=dumb; these tests are about the terminal case itself.
const saved = { CI: process.env.CI, TERM: process.env.TERM };
beforeEach(() => {
  delete process.env.CI;
  process.env.TERM = 'xterm-256color';
});
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe('withProgress', () => {
  it('shows a spinner on a terminal, with the updates, and a tick when the work is done', async () => {
    const stream = fakeStream(true);
    const result = await withProgress(
      'Applying tenant.yaml',
      async (update) => {
        update('Creating instances/web-1');
        await new Promise((resolve) => setTimeout(resolve, 150));
        return 42;
      },
      stream,
    );
    expect(result).toBe(42);
    expect(stream.text()).toContain('Creating instances/web-1');
    expect(stream.text()).toMatch(/✔ Applying tenant\.yaml/);
  });

  it('marks a failure and passes the error on', async () => {
    const stream = fakeStream(true);
    const failing = withProgress('Waiting', () => Promise.reject(new Error('gave up')), stream);
    await expect(failing).rejects.toThrow('gave up');
    expect(stream.text()).toMatch(/✖ Waiting/);
  });

  it('writes nothing when the stream is not a terminal', async () => {
    const stream = fakeStream(false);
    const work = async (update: (text: string) => void) => {
      update('step');
      return 'ok';
    };
    expect(await withProgress('Applying', work, stream)).toBe('ok');
    expect(stream.text()).toBe('');
  });
});
