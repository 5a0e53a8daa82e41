import { spawn } from 'node:child_process';
import { chmod, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createServer, DEMO_USER, type RunningServer } from '../packages/mock-server/src/index';
import { type DocBlock, docBlocks } from './support/doc-blocks';
import { createPackedApp, type PackedApp, root } from './support/packed-app';

// Every fenced block of the repository's Markdown, run as a reader would run it after copying
// it (test/support/doc-blocks.ts finds them; a new block is covered without being listed here):
// - TypeScript and JavaScript: type-checked together against the packed packages (strict,
//   `skipLibCheck: false`, nodenext), then each run with node (or vitest, when it imports
//   vitest) in an app where the packed packages are installed;
// - shell: run with bash, each file's blocks in order in one folder of their own (a clone's
//   `examples/` beside them), with the packed CLI on the PATH as `nimbus`;
// - JSON and YAML: parsed.
// Each Markdown file gets a reference server of its own with the demo tenant. The blocks' text
// names the default address, 127.0.0.1:4010: that is the one thing changed, to the server's
// port. What the text around a block tells the reader to set is in the environment: TOKEN and
// PROJECT (what `npm start` prints) and NIMBUS_PASSWORD (the demo password).
// A block that cannot run here says why in a `not run:` comment; it is still type-checked (or,
// in shell, parsed by `bash -n`).

const blocks = docBlocks(root);
const scripts = blocks.filter((block) => block.kind === 'script');
const shells = blocks.filter((block) => block.kind === 'shell');
const data = blocks.filter((block) => block.kind === 'json' || block.kind === 'yaml');

let app: PackedApp;
/** Type errors by block, from one tsc run over all of them. */
let typeErrors: Map<DocBlock, string[]>;
const servers = new Map<string, Promise<RunningServer>>();

/** A file name for a block: where it is, in the file system's terms. */
const slug = (block: DocBlock) => `${block.file.replace(/[^\w]+/g, '-')}-${block.line}`;
const importsVitest = (block: DocBlock) => /from 'vitest'/.test(block.code);

beforeAll(async () => {
  app = await createPackedApp(inject('tarballs'));
  // The CLI as a user who installed it has it: `nimbus` on the PATH, the file its manifest names.
  const { bin } = await app.manifest('@nimbus/cli');
  const command = join(app.dir, 'node_modules/@nimbus/cli', bin?.nimbus ?? 'no bin named nimbus');
  await app.write('node_modules/.bin/nimbus', `#!/bin/sh\nexec "${process.execPath}" "${command}" "$@"\n`);
  await chmod(join(app.dir, 'node_modules/.bin/nimbus'), 0o755);
  for (const block of scripts) {
    await app.write(`docs/${slug(block)}${importsVitest(block) ? '.test' : ''}.ts`, block.code);
  }
  await app.write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        lib: ['es2023', 'dom', 'dom.iterable'],
        types: ['node'],
        noEmit: true,
        skipLibCheck: false,
      },
      include: ['docs/**/*.ts'],
    }),
  );
  // A test file's own config, so vitest does not take the repository's from a folder above.
  await app.write('vitest.config.mjs', "export default { test: { include: ['docs/**/*.test.ts'] } };\n");
  typeErrors = await typeCheck();
}, 240_000);

afterAll(async () => {
  await Promise.all([...servers.values()].map(async (server) => (await server).close()));
  await app?.remove();
});

async function typeCheck(): Promise<Map<DocBlock, string[]>> {
  const errors = new Map<DocBlock, string[]>();
  const output = await app.bin('tsc', ['-p', 'tsconfig.json']).then(
    ({ stdout }) => stdout,
    (error: { stdout: string }) => error.stdout,
  );
  for (const line of output.split('\n')) {
    const found = /^docs\/(.+?)(?:\.test)?\.ts\((\d+),\d+\): (error .*)$/.exec(line);
    if (!found) continue;
    const block = scripts.find((b) => slug(b) === found[1]);
    if (!block) continue;
    errors.set(block, [...(errors.get(block) ?? []), `line ${found[2]} of the block: ${found[3]}`]);
  }
  return errors;
}

/** The reference server of a Markdown file's blocks, with the demo tenant. */
function serverFor(file: string): Promise<RunningServer> {
  let server = servers.get(file);
  if (!server) {
    server = createServer({ port: 0, inMemory: true, seed: true });
    servers.set(file, server);
  }
  return server;
}

/** The block's text with the default address changed to the server's. */
const aimedAt = (code: string, server: RunningServer) =>
  code
    .replaceAll('127.0.0.1:4010', `127.0.0.1:${server.port}`)
    .replaceAll('localhost:4010', `localhost:${server.port}`);

function environment(server: RunningServer, home: string): NodeJS.ProcessEnv {
  return {
    PATH: `${join(app.dir, 'node_modules/.bin')}:${process.env.PATH}`,
    HOME: home,
    NIMBUS_CONFIG: join(home, 'nimbus.json'),
    NIMBUS_BASE_URL: server.url,
    TOKEN: server.demo!.accessToken,
    PROJECT: server.demo!.projectId,
    NIMBUS_PASSWORD: DEMO_USER.password,
    NO_COLOR: '1',
  };
}

/**
 * A command's end as a reader sees it: `exit 0`, another code, or killed at the deadline. It runs
 * in a process group of its own, ended whole at the deadline: a block that starts a server (or
 * any child) leaves nothing running.
 */
function outcome(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeout: number },
): Promise<{ status: string; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, options.timeout);
    child.on('error', (error) => {
      clearTimeout(deadline);
      resolve({ status: `not started: ${error.message}`, output });
    });
    child.on('close', (code) => {
      clearTimeout(deadline);
      // What the command left running (a server a block started) goes with it.
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group is empty.
      }
      resolve({
        status: timedOut ? `killed after ${options.timeout / 1000} s` : `exit ${code}`,
        output,
      });
    });
  });
}

describe.each(scripts.map((block) => [block.where, block] as const))('%s', (_where, block) => {
  it('type-checks against the packed packages', () => {
    expect((typeErrors.get(block) ?? []).join('\n')).toBe('');
  });

  it.skipIf(block.notRun !== undefined)(
    `runs as written${block.notRun ? ` (not run: ${block.notRun})` : ''}`,
    async () => {
      const server = await serverFor(block.file);
      const home = await mkdtemp(join(app.dir, 'home-'));
      const options = {
        cwd: app.dir,
        env: { ...process.env, ...environment(server, home) },
        timeout: 60_000,
      };
      const code = aimedAt(block.code, server);
      const name = join(app.dir, 'docs', slug(block));
      let result: { status: string; output: string };
      if (importsVitest(block)) {
        await writeFile(`${name}.test.ts`, code);
        const vitest = join(root, 'node_modules/vitest/vitest.mjs');
        const config = join(app.dir, 'vitest.config.mjs');
        result = await outcome(
          process.execPath,
          [vitest, 'run', '--config', config, `${name}.test.ts`],
          options,
        );
      } else {
        const { code: js } = await transform(code, { loader: 'ts', format: 'esm', target: 'node20' });
        await writeFile(`${name}.mjs`, js);
        result = await outcome(process.execPath, [`${name}.mjs`], options);
      }
      expect(result.status, result.output).toBe('exit 0');
      // A block that shows a JSON line it prints (`// {"level":30,…}`): a line of its output has
      // every field the sample names.
      for (const [, sample] of block.code.matchAll(/^\/\/ (\{.*\})$/gm)) {
        const fields = [...sample!.matchAll(/"(\w+)":/g)].map(([, field]) => field!);
        const printed = result.output.split('\n').flatMap((line) => {
          try {
            return [Object.keys(JSON.parse(line) as object)];
          } catch {
            return [];
          }
        });
        const found = printed.some((keys) => fields.every((field) => keys.includes(field)));
        expect(found, `${sample} in\n${result.output}`).toBe(true);
      }
    },
  );
});

describe.each([...new Set(shells.map((block) => block.file))])('shell blocks of %s', (file) => {
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(join(app.dir, 'shell-'));
    // The files a block names, as a clone has them.
    await symlink(join(root, 'examples'), join(home, 'examples'));
  });

  it.each(shells.filter((block) => block.file === file).map((block) => [block.where, block] as const))(
    '%s',
    async (_where, block) => {
      if (block.notRun) {
        const parsed = await outcome('bash', ['-n', '-c', block.code], {
          cwd: home,
          env: process.env,
          timeout: 10_000,
        });
        expect(parsed.status, parsed.output).toBe('exit 0');
        return;
      }
      const server = await serverFor(block.file);
      const options = { cwd: home, env: environment(server, home), timeout: 60_000 };
      const result = await outcome('bash', ['-eo', 'pipefail', '-c', aimedAt(block.code, server)], options);
      expect(result.status, result.output).toBe('exit 0');
    },
  );
});

describe('JSON and YAML blocks', () => {
  it.each(data.map((block) => [block.where, block] as const))('%s parses', (_where, block) => {
    if (block.kind === 'json') expect(() => JSON.parse(block.code)).not.toThrow();
    else expect(() => parseYaml(block.code)).not.toThrow();
  });
});
