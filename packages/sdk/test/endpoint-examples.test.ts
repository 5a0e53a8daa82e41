import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleLines } from '../src/codegen/sdk-resources';
import { operations } from '../src/contract/index';
import { consumerProgram } from './helpers/consumer-program';

/**
 * Each endpoint's `example` (the `@example` of its SDK method) compiled as a strict consumer of
 * `@nimbus/sdk` would: a method, a field or a value the SDK does not take fails here. What an
 * example takes as given (`vm`, `topic`, an `hls` player) is left undeclared: the only errors
 * allowed are the names nothing declares.
 */
const examples = operations().flatMap(({ id, endpoint }) =>
  endpoint.example === undefined ? [] : [{ id, lines: exampleLines(endpoint.example) }],
);

/** "Cannot find name", with and without a suggestion, and a shorthand property of no name. */
const UNDECLARED_NAME = new Set([2304, 2552, 18004]);
/** Calls the SDK does not take, beside the examples: each must fail, or the check checks nothing. */
const PROBES = [
  {
    id: 'probe: a flavor that does not exist',
    lines: ["await client.instances.create({ name: 'web', flavor: 'huge', region: 'hn' });"],
  },
  { id: 'probe: a method that does not exist', lines: ['await client.instances.launch(vm.id);'] },
];
let dir: string;
/** The diagnostics of each example and probe, by id, undeclared names left out. */
let problems: Map<string, string[]>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nimbus-examples-'));
  const path = join(dir, 'examples.ts');
  // Each in a function of its own; `event` is a parameter, or it would be the DOM's global.
  const lines = [
    "import { Nimbus } from '@nimbus/sdk';",
    "const client = new Nimbus({ baseUrl: 'http://127.0.0.1:4010' });",
    "const video = client.video.withToken('token');",
  ];
  const ids: (string | undefined)[] = lines.map(() => undefined);
  for (const { id, lines: body } of [...examples, ...PROBES]) {
    const fn = [
      `// ${id}`,
      'export async function example(event: any): Promise<void> {',
      ...body.map((l) => `  ${l}`),
      '}',
    ];
    lines.push(...fn.map((l, i) => (i === 1 ? l.replace('example', `example${ids.length}`) : l)));
    ids.push(...fn.map(() => id));
  }
  writeFileSync(path, lines.join('\n'));
  const program = consumerProgram([path]);
  problems = new Map();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    if (UNDECLARED_NAME.has(diagnostic.code)) continue;
    const line =
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
        : -1;
    const id = ids[line] ?? 'outside the examples';
    problems.set(id, [
      ...(problems.get(id) ?? []),
      ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
    ]);
  }
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("endpoints' examples", () => {
  it('are there to check', () => {
    expect(examples.length).toBeGreaterThan(50);
  });

  it('lose their common indent and their blank first and last lines', () => {
    expect(exampleLines('\n      await a({\n        b: 1,\n      });\n    ')).toEqual([
      'await a({',
      '  b: 1,',
      '});',
    ]);
    expect(exampleLines('await a();')).toEqual(['await a();']);
  });

  it("call their own endpoint's method", () => {
    const strays = examples.filter(({ id, lines }) => {
      const [api, ...path] = id.split('.');
      const call =
        api === 'v2' ? `video.${path.join('.')}(` : `client.${api === 'v1' ? path.join('.') : id}(`;
      return !lines.some((line) => line.includes(call));
    });
    expect(strays.map(({ id }) => id)).toEqual([]);
  });

  it('compile against the SDK', () => {
    const failing = Object.fromEntries([...problems].filter(([id]) => !id.startsWith('probe: ')));
    expect(failing).toEqual({});
  });

  it('fail to compile where they call what the SDK does not take', () => {
    for (const { id } of PROBES) expect(problems.get(id), id).toBeDefined();
  });
});
