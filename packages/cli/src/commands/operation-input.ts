import type { LineOf } from '../apply/document';
import { closest } from '../closest';
import { UsageError } from '../errors';
import { readStdin } from '../stdin';
import { collectFields, missingFields } from './flags';
import type { OperationSpec } from './operation-spec';

/** What a generated command sends: path parameters, query and body. */
export interface OperationInput {
  params?: Record<string, string> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

/**
 * The path parameters, query and body of a generated command, from its arguments, flags and
 * `--from-file`, checked before anything else loads: a usage error needs neither the SDK nor
 * (unless fields were given to check) the contract.
 */
export async function readOperationInput(
  spec: OperationSpec,
  args: string[],
  values: Record<string, unknown>,
): Promise<OperationInput> {
  const params = Object.fromEntries(spec.params.map((p, i) => [p.key, args[i]!]));
  const file = spec.hasBody ? await readBodyFile(values.fromFile as string | undefined) : undefined;
  const body = spec.hasBody ? { ...file?.value, ...collectFields(spec.body, values) } : undefined;
  const query = spec.query.length > 0 ? collectFields(spec.query, values) : undefined;
  await checkInput(spec, body, query, file);
  return { params: spec.params.length > 0 ? params : undefined, query, body };
}

/** A `--from-file` body: the file's name in messages, its value, and the line of each path in it. */
interface BodyFile {
  file: string;
  value: Record<string, unknown>;
  lines: LineOf;
}

/**
 * Checks a body or query against the contract's schemas before anything is sent, so a missing or
 * malformed field is a usage error (exit 2) naming its flag. A field of a `--from-file` body the
 * contract does not declare is one too, named with its line as `apply` names it (zod would drop it
 * and the server take the body without it). A command given no field has only
 * missing ones to report, worded from its spec; when it needs none and takes no body (a plain
 * list, a get, a delete) there is nothing to check. Either way it loads neither the contract
 * nor zod, most of what a CLI run would otherwise spend starting.
 */
async function checkInput(
  spec: OperationSpec,
  body: Record<string, unknown> | undefined,
  query: Record<string, unknown> | undefined,
  file: BodyFile | undefined,
): Promise<void> {
  const given = Object.keys(body ?? {}).length + Object.keys(query ?? {}).length > 0;
  if (!given) {
    const missing = [...missingFields(spec.body, body), ...missingFields(spec.query, query)];
    if (missing.length > 0) throw new UsageError(missing.join('\n'));
    if (!spec.hasBody) return;
  }
  const [{ endpointOf }, { checkFields }] = await Promise.all([import('./operations'), import('./fields')]);
  const endpoint = endpointOf(spec);
  const unknown = file && endpoint.body ? await unknownFieldProblems(spec, endpoint.body, file) : [];
  try {
    checkFields(endpoint.body, body, spec.body);
    checkFields(endpoint.query, query, spec.query);
  } catch (error) {
    if (unknown.length > 0 && error instanceof UsageError)
      throw new UsageError([...unknown, error.message].join('\n'));
    throw error;
  }
  if (unknown.length > 0) throw new UsageError(unknown.join('\n'));
}

/**
 * The fields of a `--from-file` body its schema does not declare, at any depth, one line each as
 * `apply` words them: `body.yaml: imgae: unknown field: did you mean image? (line 4)`. A record
 * (a map such as `env` or `tags`) takes any key.
 */
async function unknownFieldProblems(
  spec: OperationSpec,
  schema: Parameters<typeof import('@nimbus/sdk/contract').unknownFieldPaths>[0],
  { file, value, lines }: BodyFile,
): Promise<string[]> {
  const [{ unknownFieldPaths }, { problem }] = await Promise.all([
    import('@nimbus/sdk/contract'),
    import('../apply/document'),
  ]);
  const fields = spec.body.map((f) => f.key);
  return unknownFieldPaths(schema, value).map((segments) => {
    const path = pathIn(value, segments);
    const meant = path.length === 1 ? closest(String(path[0]), fields) : undefined;
    const message = meant
      ? `unknown field: did you mean ${meant}?`
      : 'unknown field: not a field of this body';
    return problem(file, path, message, lines, 'key');
  });
}

/** A path of string segments with the indices of arrays as numbers: `vpcs[0].name`, not `vpcs.0.name`. */
function pathIn(value: unknown, segments: readonly string[]): (string | number)[] {
  let at = value;
  return segments.map((segment) => {
    const index = Array.isArray(at) && /^\d+$/.test(segment) ? Number(segment) : undefined;
    at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[segment] : undefined;
    return index ?? segment;
  });
}

async function readBodyFile(path: string | undefined): Promise<BodyFile | undefined> {
  if (!path) return undefined;
  // Named as `apply -f -` names it.
  const file = path === '-' ? '<stdin>' : path;
  let text: string;
  try {
    // Loaded when a body file is named: node:fs/promises brings readline's modules with it, and
    // every command that sends a request would pay for them at start.
    const { readFile } = await import('node:fs/promises');
    text = path === '-' ? await readStdin() : await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  // Read as `apply` reads a tenant file: JSON when it ends in .json, else YAML (stdin too, as
  // YAML includes JSON), and where each field of it starts, for the messages.
  const { value, lines } = await (await import('../apply/document')).parseText(file, text);
  if (!isRecord(value)) throw new UsageError(`${file} must hold an object`);
  return { file, value, lines };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
