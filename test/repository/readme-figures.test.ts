import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// Every size or speed figure the READMEs and docs state comes from a script: a row of
// bench/README.md's results (what a benchmark printed in the run the row names), or a value this
// file measures. A figure more than 10 % off its source fails, and so does a figure that looks
// like a size or a speed and is in neither table below: register a new one in `figures` (with
// its source) or, when it is not a measurement (a default, a limit, a benchmark's input), in
// `notMeasured`. bench/README.md is the record itself, CHANGELOG.md a history: neither is read
// here. packages/sdk/test/browser-bundle.test.ts also measures the SDK's browser-bundle figure.
const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(root + path, 'utf8');
const TOLERANCE = 0.1;

/** The number a piece of text starts with (thousands separators allowed). */
function firstNumber(text: string): number {
  const match = /\d[\d,]*(?:\.\d+)?/.exec(text);
  if (!match) throw new Error(`no number in ${JSON.stringify(text)}`);
  return Number(match[0].replaceAll(',', ''));
}

interface Source {
  /** Where the figure comes from, as a failure names it. */
  name: string;
  value: () => number | Promise<number>;
}

/** The Nimbus column of the bench/README.md results row whose first cell starts with `figure`. */
function bench(figure: string): Source {
  return {
    name: `bench/README.md row "${figure}"`,
    value: () => {
      const row = read('bench/README.md')
        .split('\n')
        .find((line) => line.startsWith(`| ${figure}`));
      if (!row) throw new Error(`bench/README.md has no row starting with "${figure}"`);
      return firstNumber(row.split('|')[2]!);
    },
  };
}

/** Bytes of SDK code a program loads up front from an entry: esbuild's minified bundle, static imports only. */
async function loadedBytes(entry: string): Promise<number> {
  const { metafile } = await build({
    entryPoints: [root + entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    minify: true,
    write: false,
    metafile: true,
    outdir: '/nonexistent',
    logLevel: 'error',
  });
  const outputs = metafile.outputs;
  const loaded = new Set<string>();
  const visit = (path: string) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const link of outputs[path]?.imports ?? [])
      if (link.kind === 'import-statement' && !link.external) visit(link.path);
  };
  visit(Object.keys(outputs).find((path) => outputs[path]?.entryPoint)!);
  return [...loaded].reduce((sum, path) => sum + outputs[path]!.bytes, 0);
}

let baseShare: Promise<number> | undefined;
const sdkBaseShare: Source = {
  name: "measured: @nimbus/sdk/base's minified code as a share of @nimbus/sdk's (esbuild, static imports)",
  value: () => {
    baseShare ??= Promise.all([
      loadedBytes('packages/sdk/src/base.ts'),
      loadedBytes('packages/sdk/src/index.ts'),
    ]).then(([base, full]) => (base / full) * 100);
    return baseShare;
  },
};

/** The /api/v1 document as the server sends it (compact JSON), from openapi/cloud-platform.json. */
const v1Document = () => Buffer.from(JSON.stringify(JSON.parse(read('openapi/cloud-platform.json'))));
const v1DocumentKb: Source = {
  name: 'measured: openapi/cloud-platform.json as compact JSON',
  value: () => v1Document().length / 1024,
};
const v1DocumentBrotliKb: Source = {
  name: "measured: the /api/v1 document with the server's brotli settings (quality 5, text mode)",
  value: () =>
    brotliCompressSync(v1Document(), {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }).length / 1024,
};

const declarationBudgetKb: Source = {
  name: 'test/declaration-size.test.ts BUDGET_BYTES',
  value: () =>
    firstNumber(/BUDGET_BYTES = ([\d_]+) \* 1024/.exec(read('test/declaration-size.test.ts'))![1]!),
};

interface Figure {
  file: string;
  /** Matches the figure in its sentence; group 1 is the number stated. */
  pattern: RegExp;
  source: Source;
}

const figures: Figure[] = [
  { file: 'README.md', pattern: /about (\d+) % of the SDK's code/, source: sdkBaseShare },
  { file: 'packages/sdk/README.md', pattern: /loads about (\d+) % of the SDK's code/, source: sdkBaseShare },
  { file: 'packages/cli/README.md', pattern: /about (\d+) % of the SDK's code/, source: sdkBaseShare },
  {
    file: 'packages/sdk/README.md',
    pattern: /a `users\.me\(\)` call is about\s+([\d.]+) KB gzip/,
    source: bench('browser bundle, `users.me()`'),
  },
  {
    file: 'packages/sdk/README.md',
    pattern: /declarations weigh about ([\d.]+) KB in all/,
    source: bench('published `.d.ts` of `@nimbus/sdk`'),
  },
  { file: 'packages/sdk/README.md', pattern: /under a budget\s+of (\d+) KB/, source: declarationBudgetKb },
  {
    file: 'packages/mock-server/README.md',
    pattern: /the (\d+) KB `\/api\/v1` document/,
    source: v1DocumentKb,
  },
  {
    file: 'packages/mock-server/README.md',
    pattern: /document goes as about (\d+) KB of brotli/,
    source: v1DocumentBrotliKb,
  },
  {
    file: 'packages/mock-server/README.md',
    pattern: /a login takes about (\d+) ms of the\s+server's CPU/,
    source: bench('login at the standard password cost, server CPU'),
  },
  {
    file: 'packages/mock-server/README.md',
    pattern: /takes `seedTenant\(\)` to about ([\d.]+) ms/,
    source: bench('`seedTenant()`, test password cost'),
  },
];

interface NotMeasured {
  /** A file, or '*' for every file. */
  file: string;
  pattern: RegExp;
  why: string;
}

const notMeasured: NotMeasured[] = [
  {
    file: 'examples/browser/README.md',
    pattern: /running` after 1\.5 s each/,
    why: "the page's transition delay, a setting",
  },
  { file: 'CONTRIBUTING.md', pattern: /\(within 1 %\)/, why: "the declaration figure's tolerance" },
  { file: 'CONTRIBUTING.md', pattern: /more than 15 % worse/, why: "the performance guard's tolerance" },
  {
    file: 'CONTRIBUTING.md',
    pattern: /engineers' test runs beside it \(load average[\s\S]*?and the fresh clone\./,
    why: 'a record of one `npm test` before and after on a shared host (bench/README.md, run T)',
  },
  {
    file: 'CONTRIBUTING.md',
    pattern:
      /Then the server's and the SDK's test files came to share[\s\S]*?\| the SDK's project alone \|[^\n]*/,
    why: 'a record of `npm test` before and after the shared modules (bench/README.md, run W)',
  },
  {
    file: 'packages/mock-server/README.md',
    pattern: /falls back to within 60 MB of its start/,
    why: 'the bound bench/hostile-memory.mjs holds (exit 1 past it)',
  },
  {
    file: 'packages/mock-server/README.md',
    pattern: /read by its path every 100 ms, and a change is\s+taken in once it has held still for 40 ms/,
    why: "the state file watcher's poll interval and settling time, settings",
  },
  {
    file: 'packages/mock-server/README.md',
    pattern: /for up to 2 s before it is cut/,
    why: 'the lingering close of a refused body, a setting',
  },
  { file: '*', pattern: /\d[\d,.]* ?(?:KiB|MiB|GiB)\b/, why: 'binary units spell the configured caps' },
  {
    file: '*',
    pattern: /at least\s+10 %|more\s+than\s+10 %\s+off/,
    why: 'the rule for tricks and for these figures',
  },
  { file: 'README.md', pattern: /`timeoutMs`\s+\(60 s\)/, why: 'a default' },
  {
    file: 'packages/cli/README.md',
    pattern: /within 30 s \(each attempt\)/,
    why: 'the default timeout, quoted',
  },
  { file: 'packages/sdk/README.md', pattern: /default 5 minutes/, why: 'a default' },
  { file: 'CONTRIBUTING.md', pattern: /take 60 s of simulated time/, why: "a fixture's setting" },
  { file: 'packages/mock-server/README.md', pattern: /failures for 15 minutes/, why: 'the lockout window' },
  {
    file: 'packages/mock-server/README.md',
    pattern: /\(50 ms\)|at most 10 ms|one 1 MB buffer/,
    why: 'flush settings',
  },
  {
    file: 'packages/mock-server/README.md',
    pattern: /at most a fifth of the time while a flush takes under 250 ms|the last 50–100 ms/,
    why: 'what the flush settings imply (timer four times the last flush, at most one second)',
  },
  { file: '*', pattern: /32 MiB or 5 s/, why: 'the drain bound of a refused body' },
  {
    file: 'packages/mock-server/README.md',
    pattern: /ended 10 ms ago|those 10 ms|once per 10 ms/,
    why: 'the flush gap',
  },
  {
    file: 'packages/mock-server/README.md',
    pattern: /20,000 distinct 8 KB query strings/,
    why: "a benchmark's input",
  },
  {
    file: 'docs/video.md',
    pattern: /every 30 s|2 s later|0\.5 s doubling to 30 s, up to 25% jitter|6 s segments/,
    why: 'protocol settings',
  },
  { file: 'docs/eventgrid-billing.md', pattern: /\(1 s\)|\(30 s\)/, why: 'retry settings' },
  { file: 'docs/eventgrid-billing.md', pattern: /VAT 10 %|< 25 %|< 50 %|< 100 %/, why: 'billing rules' },
  {
    file: 'docs/eventgrid-billing.md',
    pattern: /at least 1 GB per bucket|is 730 GB-hours/,
    why: 'billing units',
  },
  {
    file: 'packages/mock-server/media/README.md',
    pattern: /6 s of H\.264|length \(6 s\)/,
    why: 'the segment length',
  },
  { file: 'SECURITY.md', pattern: /in 15 minutes/, why: 'the throttle window' },
  {
    file: 'SECURITY.md',
    pattern: /20,000 distinct 8 KB queries under 100 MB of growth/,
    why: "a benchmark's input and the bound it exits 1 past",
  },
  { file: 'SECURITY.md', pattern: /per 50 ms burst|\(default 10 s\)|\(default 30 s\)/, why: 'defaults' },
];

/** What looks like a size or speed figure: a number with a unit of size, time, rate or share, or a fraction in words. */
const FIGURE =
  /(?<![\w.$-])\d[\d,]*(?:\.\d+)?½?\s?(?:[KMG]i?B|kB|ms|µs|s|seconds?|minutes?|req\/s|%|x|×)(?![\w/])|\b(?:a|one) (?:fifth|third|quarter|tenth)\b|\b(?:twice|\w+ times) (?:as fast|faster|slower|smaller|larger)\b/g;

/** The READMEs and docs: tracked Markdown but the results record, the changelog and the decision records. */
const documents = execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(
    (path) =>
      path && !['bench/README.md', 'CHANGELOG.md'].includes(path) && !path.startsWith('docs/decisions/'),
  );

/** The text with fenced code blocks blanked (sample output and commands), lines kept in place. */
const prose = (text: string) =>
  text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '));

/** [start, end) of every match of `pattern` in `text`. */
function spans(text: string, pattern: RegExp): [number, number][] {
  return [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))].map((match) => [
    match.index,
    match.index + match[0].length,
  ]);
}

describe('size and speed figures in the READMEs', () => {
  for (const { file, pattern, source } of figures)
    it(`${file} against ${source.name}: within 10 percent`, async () => {
      const match = pattern.exec(read(file));
      expect(match, `${file} no longer says ${pattern}: update the table in this file`).not.toBeNull();
      const stated = Number(match![1]);
      const actual = await source.value();
      const message = `${file} says ${stated}; ${source.name} gives ${actual.toFixed(2)}`;
      expect(Math.abs(stated - actual), message).toBeLessThanOrEqual(actual * TOLERANCE);
    }, 60_000);

  it('are all registered, with a source or as not a measurement', () => {
    const unregistered: string[] = [];
    for (const file of documents) {
      const text = prose(read(file));
      const covered = [
        ...figures.filter((figure) => figure.file === file).map((figure) => figure.pattern),
        ...notMeasured
          .filter((entry) => entry.file === file || entry.file === '*')
          .map((entry) => entry.pattern),
      ].flatMap((pattern) => spans(text, pattern));
      for (const [start, end] of spans(text, FIGURE)) {
        if (covered.some(([from, to]) => from <= start && end <= to)) continue;
        const line = text.slice(0, start).split('\n').length;
        unregistered.push(`${file}:${line}: ${text.slice(start, end)}`);
      }
    }
    expect(unregistered, 'figures without a source: add them to `figures` or `notMeasured`').toEqual([]);
  });
});
