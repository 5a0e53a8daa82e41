import { readFile } from 'node:fs/promises';
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
  const body = spec.hasBody
    ? {
        ...(await readBodyFile(values.fromFile as string | undefined)),
        ...collectFields(spec.body, values),
      }
    : undefined;
  const query = spec.query.length > 0 ? collectFields(spec.query, values) : undefined;
  await checkInput(spec, body, query);
  return { params: spec.params.length > 0 ? params : undefined, query, body };
}

/**
 * Checks a body or query against the contract's schemas before anything is sent, so a missing or
 * malformed field is a usage error (exit 2) naming its flag. A command given no field has only
 * missing ones to report, worded from its spec; when it needs none and takes no body (a plain
 * list, a get, a delete) there is nothing to check. Either way it loads neither the contract
 * nor zod, most of what a CLI run would otherwise spend starting.
 */
async function checkInput(
  spec: OperationSpec,
  body: Record<string, unknown> | undefined,
  query: Record<string, unknown> | undefined,
): Promise<void> {
  const given = Object.keys(body ?? {}).length + Object.keys(query ?? {}).length > 0;
  if (!given) {
    const missing = [...missingFields(spec.body, body), ...missingFields(spec.query, query)];
    if (missing.length > 0) throw new UsageError(missing.join('\n'));
    if (!spec.hasBody) return;
  }
  const [{ endpointOf }, { checkFields }] = await Promise.all([import('./operations'), import('./fields')]);
  const endpoint = endpointOf(spec);
  checkFields(endpoint.body, body, spec.body);
  checkFields(endpoint.query, query, spec.query);
}

async function readBodyFile(path: string | undefined): Promise<Record<string, unknown>> {
  if (!path) return {};
  // Named as `apply -f -` names it.
  const file = path === '-' ? '<stdin>' : path;
  let text: string;
  try {
    text = path === '-' ? await readStdin() : await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let value: unknown;
  if (/\.json$/i.test(path)) {
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${file}: not valid JSON: ${(error as Error).message}`);
    }
  } else {
    // YAML is a superset of JSON: stdin is read as YAML.
    value = (await import('../output/yaml')).fromYaml(text, file);
  }
  if (!isRecord(value)) throw new UsageError(`${file} must hold an object`);
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
