import { readFile } from 'node:fs/promises';
import { ProjectCreateBody } from '@nimbus/sdk/contract';
import { type Document, isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import * as z from 'zod';
import { UsageError } from '../errors';
import { yamlErrorLines } from '../output/yaml';
import { readStdin } from '../stdin';
import { issueText } from '../validation';
import type { Kind } from './kind';

/**
 * The project of a tenant file: the create body, but a description left out stays out (rather
 * than the body's default, empty) so an existing project's own is not taken for a difference.
 */
const ProjectEntry = ProjectCreateBody.extend({
  description: ProjectCreateBody.shape.description.unwrap().optional(),
});

export type ProjectEntry = z.output<typeof ProjectEntry>;

/** A validated tenant file: the project and the entries of each kind, defaults applied. */
export interface TenantDocument {
  file: string;
  project: ProjectEntry;
  entries: Record<string, object[]>;
  /** Formats a problem found later (an unresolved name) like the validation errors. */
  problem(path: Path, message: string): string;
}

/** A tenant file that cannot be applied: one line per problem, naming the file and the path inside it. */
export class DocumentError extends UsageError {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

type Path = readonly PropertyKey[];

/** `['vpcs', 0, 'subnets', 1, 'cidr']` -> `vpcs[0].subnets[1].cidr`. */
export function pathText(path: Path): string {
  return path
    .map((segment, i) =>
      typeof segment === 'number' ? `[${segment}]` : `${i === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

/**
 * The schema of a whole tenant file for the kinds this SDK supports. Keys of kinds it does
 * not support (their SDK namespace is missing) are refused with that reason rather than as typos.
 */
export function tenantSchema(kinds: readonly Kind[], unsupported: readonly string[] = []) {
  const shape: Record<string, z.ZodType> = { project: ProjectEntry.strict() };
  for (const kind of kinds) shape[kind.key] = z.array(strictEntry(kind)).optional();
  for (const key of unsupported) {
    shape[key] = z
      .unknown()
      .refine(() => false, { error: `not supported: this SDK has no ${key} namespace` });
  }
  return z.strictObject(shape);
}

/**
 * A kind's entry schema refusing unknown fields (a misspelt optional field would otherwise
 * be dropped without a word), its nested entries too.
 */
function strictEntry(kind: Kind): z.ZodType {
  const { entry, child } = kind;
  if (!(entry instanceof z.ZodObject)) return entry;
  return child
    ? entry.extend({ [child.field]: z.array(strictEntry(child.kind)).default([]) }).strict()
    : entry.strict();
}

/**
 * Reads and validates a tenant file (YAML, or JSON when it ends in .json) completely before
 * anything is sent: syntax, every entry against the contract's schemas, duplicate names.
 *
 * @throws DocumentError listing every problem as `<file>: <path>: <problem> (line N)`.
 */
export async function readTenantFile(
  path: string,
  kinds: readonly Kind[],
  unsupported: readonly string[] = [],
): Promise<TenantDocument> {
  // `-f -` reads stdin (YAML, which JSON is a subset of); messages call it <stdin>.
  const file = path === '-' ? '<stdin>' : path;
  let text: string;
  try {
    text = path === '-' ? await readStdin() : await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const { value, lines } = await parseText(file, text);
  const parsed = tenantSchema(kinds, unsupported).safeParse(value);
  if (!parsed.success) {
    throw new DocumentError(parsed.error.issues.flatMap((issue) => describeIssue(file, issue, lines, value)));
  }
  const data = parsed.data as Record<string, unknown>;
  const entries: Record<string, object[]> = {};
  for (const kind of kinds) {
    const list = data[kind.key] as object[] | undefined;
    if (list) entries[kind.key] = list;
  }
  const duplicates = kinds.flatMap((kind) => duplicateProblems(kind, entries[kind.key] ?? [], [kind.key]));
  if (duplicates.length > 0) {
    throw new DocumentError(duplicates.map(({ path, message }) => problem(file, path, message, lines)));
  }
  return {
    file,
    project: data.project as ProjectEntry,
    entries,
    problem: (path, message) => problem(file, path, message, lines),
  };
}

/**
 * Where a path of the file starts, as "line N", when the file was YAML-parsed: its value, or with
 * `key`, its key (an unknown key's value may start lines later, or be a whole block).
 */
export type LineOf = (path: Path, key?: 'key') => number | undefined;

/** A tenant file or `--from-file` body as a value (JSON when it ends in .json, else YAML), with `LineOf` over it. */
export async function parseText(file: string, text: string): Promise<{ value: unknown; lines: LineOf }> {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const lines = lineFinder(doc, counter);
  if (/\.json$/i.test(file)) {
    try {
      return { value: JSON.parse(text), lines };
    } catch (error) {
      throw new DocumentError([`${file}: not valid JSON: ${(error as Error).message}`]);
    }
  }
  if (doc.errors.length > 0) throw new DocumentError(yamlErrorLines(file, doc.errors));
  return { value: doc.toJS(), lines };
}

function lineFinder(doc: Document, counter: LineCounter): LineOf {
  return (path, key) => {
    if (key && path.length > 0) {
      const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1) as unknown[], true);
      const last = path[path.length - 1];
      const pair = isMap(parent)
        ? parent.items.find((item) => isScalar(item.key) && item.key.value === last)
        : undefined;
      const range = isScalar(pair?.key) ? pair.key.range : undefined;
      if (range) return counter.linePos(range[0]).line;
    }
    // A missing field has no node: point at the closest enclosing one.
    for (let end = path.length; end >= 0; end--) {
      const node = doc.getIn(path.slice(0, end) as unknown[], true) as
        | { range?: [number, number, number] }
        | undefined;
      if (node?.range) return counter.linePos(node.range[0]).line;
    }
    return undefined;
  };
}

function describeIssue(file: string, issue: z.core.$ZodIssue, lines: LineOf, value: unknown): string[] {
  if (issue.code === 'unrecognized_keys') {
    const known =
      issue.path.length === 0 ? 'a top-level key (project or a resource kind)' : 'a field of this entry';
    return issue.keys.map((key) =>
      problem(file, [...issue.path, key], `unknown field: not ${known}`, lines, 'key'),
    );
  }
  return [problem(file, issue.path, issueText(issue, value), lines)];
}

export function problem(file: string, path: Path, message: string, lines: LineOf, at?: 'key'): string {
  const line = lines(path, at);
  const where = path.length > 0 ? `${pathText(path)}: ` : '';
  return `${file}: ${where}${message}${line === undefined ? '' : ` (line ${line})`}`;
}

/** Two entries of one kind with the same identity (or two children of one parent). */
function duplicateProblems(
  kind: Kind,
  items: object[],
  path: PropertyKey[],
): { path: Path; message: string }[] {
  const out: { path: Path; message: string }[] = [];
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const name = kind.nameOf(item);
    const first = seen.get(name);
    if (first === undefined) seen.set(name, i);
    else
      out.push({
        path: [...path, i],
        message: `duplicate ${kind.noun} "${name}" (also ${pathText([...path, first])})`,
      });
    if (kind.child) {
      const children = ((item as Record<string, unknown>)[kind.child.field] as object[] | undefined) ?? [];
      out.push(...duplicateProblems(kind.child.kind, children, [...path, i, kind.child.field]));
    }
  });
  return out;
}
