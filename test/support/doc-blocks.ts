/**
 * The fenced code blocks of the repository's Markdown, as a reader copies them: every tracked
 * `.md` file but the changelog (a history) and the generated API reference. A block that cannot
 * run where the tests run says so in a comment of its own, visible to the reader:
 * `# not run: <why>` in a shell block, `// not run: <why>` in TypeScript or JavaScript.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type BlockKind = 'shell' | 'script' | 'json' | 'yaml' | 'output';

export interface DocBlock {
  /** The Markdown file, relative to the repository. */
  file: string;
  /** The line of the opening fence. */
  line: number;
  /** The fence's language as written. */
  lang: string;
  kind: BlockKind;
  code: string;
  /** Why the block is not run, from its `not run:` comment. */
  notRun?: string;
  /** `file:line`, for messages. */
  readonly where: string;
}

const LEFT_OUT = new Set(['CHANGELOG.md', 'packages/sdk/api.md']);

const KINDS: Record<string, BlockKind> = {
  sh: 'shell',
  bash: 'shell',
  shell: 'shell',
  ts: 'script',
  typescript: 'script',
  js: 'script',
  javascript: 'script',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
};

/** The Markdown files git tracks, with those whose blocks are not snippets left out. */
export function markdownFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !LEFT_OUT.has(file));
}

export function docBlocks(root: string, files = markdownFiles(root)): DocBlock[] {
  return files.flatMap((file) => blocksOf(file, readFileSync(join(root, file), 'utf8')));
}

export function blocksOf(file: string, text: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trimStart().startsWith(fence!)) {
      body.push(lines[j]!.startsWith(indent!) ? lines[j]!.slice(indent!.length) : lines[j]!.trimStart());
      j++;
    }
    const code = body.join('\n');
    const notRun = /^\s*(?:#|\/\/) not run: (.+)$/m.exec(code)?.[1];
    const line = i + 1;
    blocks.push({
      file,
      line,
      lang: lang!,
      kind: KINDS[lang!.toLowerCase()] ?? 'output',
      code,
      notRun,
      where: `${file}:${line}`,
    });
    i = j;
  }
  return blocks;
}
