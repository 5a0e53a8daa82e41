import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository stands alone: its decisions are the records in docs/decisions/, and every
// reference to a record names one that exists.
const root = fileURLToPath(new URL('../../', import.meta.url));
const recordsDir = `${root}docs/decisions/`;
// Spelled in pieces so this file does not match itself.
const outside = ['DECISIONS' + '.md', '..' + '/shared'];
const recordName = /\b\d{4}-[a-z][a-z0-9-]*\.md\b/g;

function trackedTexts(): { path: string; text: string }[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  const texts: { path: string; text: string }[] = [];
  for (const path of paths) {
    if (!path || !existsSync(root + path)) continue;
    const bytes = readFileSync(root + path);
    if (bytes.includes(0)) continue;
    texts.push({ path, text: bytes.toString('utf8') });
  }
  return texts;
}

describe('decision records', () => {
  const files = trackedTexts();
  const records = readdirSync(recordsDir).filter((name) => /^\d{4}-.+\.md$/.test(name));

  it('are what the repository cites: no file names a decision document outside it', () => {
    const hits = files.flatMap(({ path, text }) =>
      outside.filter((needle) => text.includes(needle)).map((needle) => `${path}: ${needle}`),
    );
    expect(hits).toEqual([]);
  });

  it('exist wherever a file names one', () => {
    const missing = files.flatMap(({ path, text }) =>
      [...text.matchAll(recordName)]
        .map(([name]) => name)
        .filter((name) => !records.includes(name))
        .map((name) => `${path}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('are each listed in the index', () => {
    const index = readFileSync(`${recordsDir}README.md`, 'utf8');
    expect(records.filter((name) => !index.includes(`(${name})`))).toEqual([]);
  });
});
