import type { FieldSpec, PathArgument } from './operation-spec';

/** `databases` -> `database`, `policies` -> `policy`, `ddos` stays. */
export function singular(segment: string): string {
  if (segment.endsWith('ies')) return `${segment.slice(0, -3)}y`;
  if (segment.endsWith('s') && !segment.endsWith('ss') && segment !== 'ddos') return segment.slice(0, -1);
  return segment;
}

/** Words that read as acronyms in a sentence: `drPlans` -> `DR plans`. */
const ACRONYMS = new Set(['api', 'cdn', 'ddos', 'dr', 'iam', 'vpc', 'vpn']);

/** `backupVaults` -> `backup vaults`, `vpc_id` -> `VPC id`. */
export function words(name: string): string {
  return name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word))
    .join(' ');
}

/**
 * A sentence for a field the contract does not describe, from where it is: a list's filter is
 * `Only instances with this status`, a body field `Name of the instance`.
 */
export function derivedDescription(f: FieldSpec, names: readonly string[], inQuery: boolean): string {
  const resource = names.at(-2) ?? names[0]!;
  if (inQuery && names.at(-1) === 'list')
    return `Only ${words(resource)} ${f.key === 'region' ? 'in' : 'with'} this ${words(f.key)}`;
  const field = words(f.key);
  return `${field[0]!.toUpperCase()}${field.slice(1)} of the ${words(singular(resource))}`;
}

/**
 * Values a help example gives a flag or argument, by name, where neither the field's choices,
 * its default nor an `e.g.` in its description say one.
 */
const SAMPLES: Record<string, string> = {
  'actual-cost': '1500000',
  amount: '5000000',
  'app-name': 'checkout',
  asn: '64512',
  cidr: '10.0.1.0/24',
  data: '{"order_id":42}',
  // Recordings exist from a camera's creation up to now: today's date and hour find one.
  date: '"$(date -u +%F)"',
  'destination-region': 'hcm',
  email: 'ana@example.com',
  'event-types': 'compute.*',
  'expected-cost': '200000',
  features: 'motion,person',
  file: '<event-id>.jpg',
  hour: '"$(date -u +%H)"',
  payload: '{"width":64}',
  'node-pools': '[{"name":"default","flavor":"small","count":2}]',
  'peer-asn': '65001',
  'peer-ip': '203.0.113.10',
  port: '443',
  'primary-region': 'hn',
  region: 'hn',
  role: 'viewer',
  'secondary-region': 'hcm',
  target: '{"type":"vpc","id":"<vpc-id>"}',
  backends: '[{"load_balancer_id":"<load-balancer-id>","weight":100}]',
  'webhook-url': 'https://hooks.example.com/nimbus',
  zone: 'hn-a',
};

/**
 * Flags an example gives beside the required ones, by operation, with their values: fields a
 * rule of the contract asks for (an http probe needs `path`) or whose sample would not be taken.
 */
const EXAMPLE_FLAGS: Record<string, Record<string, string>> = {
  'v1.loadBalancers.healthProbes.create': { path: '/healthz' },
  'v1.registries.create': { name: 'acmeregistry' },
  'mock.clock.advance': { seconds: '3600' },
  'mock.faults.create': { method: 'GET', path: '/api/v1/instances/{id}', status: '503', times: '2' },
  'mock.quotas.update': { limits: 'instances=200' },
  'mock.videoTenants.update': { 'camera-limit': '32', features: 'motion,person,vehicle' },
  'mock.videoEvents.create': { type: 'person' },
};

/**
 * Example words by operation where a hand-written extension adds what the contract does not
 * say (`mock state import` takes the file as its argument).
 */
const EXAMPLE_WORDS: Record<string, string> = {
  'mock.state.import': 'state.json --yes',
};

/**
 * Examples beyond the first, by operation, as the words after the command: a switch's two
 * sides, or filters and options the first leaves out.
 */
export const MORE_EXAMPLES: Record<string, string[]> = {
  'mock.state.export': ['--file state.json', '--include-secret --file portable.json'],
  'mock.clock.freeze': ['--no-frozen'],
  'mock.faults.create': ["--path '/api/v1/*' --delay-ms 2000 --probability 0.1 --seed 7"],
  'mock.requests.list': ["--method POST --path '/api/v1/instances*' --status 201"],
  'mock.quotas.update': ['<project-id> --limits instances=200 --limits buckets=50'],
};

/** What an example is made from: an operation's id, names, arguments and fields. */
interface ExampleSource {
  id: string;
  names: readonly string[];
  params: readonly PathArgument[];
  body: readonly FieldSpec[];
  query: readonly FieldSpec[];
}

/**
 * The words of a command's example after its name: its arguments and its required flags with
 * values that would be accepted (`<vpc-id> --name my-subnet --cidr 10.0.1.0/24`); a body of
 * optional fields only (an update) gets its first one. Ids stay placeholders: they are the
 * reader's own.
 */
export function exampleWords({ id, names, params, body, query }: ExampleSource): string {
  if (EXAMPLE_WORDS[id] !== undefined) return EXAMPLE_WORDS[id];
  const resource = singular(names.at(-2) ?? names[0]!);
  const given = EXAMPLE_FLAGS[id] ?? {};
  const flags = [...body, ...query].filter((f) => f.required || given[f.flag] !== undefined);
  if (body.length > 0 && !body.some((f) => f.required || given[f.flag] !== undefined))
    flags.unshift(body[0]!);
  const out = params.map((p) => shellWord(SAMPLES[p.name] ?? `<${p.name}>`));
  for (const f of flags) {
    if (f.kind === 'boolean') out.push(`--${f.flag}`);
    else out.push(`--${f.flag}`, shellWord(given[f.flag] ?? exampleValue(f, resource)));
  }
  return out.join(' ');
}

/** `resource` names the record the command makes: a name is `my-<resource>` unless the field suggests one. */
function exampleValue(f: FieldSpec, resource: string): string {
  if (f.choices)
    return f.default !== undefined && f.choices.includes(String(f.default))
      ? String(f.default)
      : f.choices[0]!;
  if (f.default !== undefined) return String(f.default);
  if (/(^|-)id$/.test(f.flag) || f.flag === 'camera')
    return `<${f.flag === 'camera' ? 'camera-id' : f.flag}>`;
  const given = /\be\.g\. ("[^"]+"|\[[^\]]*\]|[^\s,;)]+)/.exec(f.description)?.[1];
  if (given) return f.list && given.startsWith('[') ? listOf(given) : given.replace(/^"(.*)"$/, '$1');
  if (SAMPLES[f.flag]) return SAMPLES[f.flag]!;
  if (f.flag === 'name') return `my-${words(resource).toLowerCase().replace(/ /g, '-')}`;
  if (f.kind === 'number') return /^(?:at least )?(\d+)/.exec(f.range ?? '')?.[1] ?? '1';
  return `<${f.flag}>`;
}

/** `["compute:write", "storage:read"]` -> `compute:write,storage:read`, as list flags take it. */
function listOf(json: string): string {
  try {
    const items: unknown = JSON.parse(json);
    if (Array.isArray(items) && items.every((item) => typeof item === 'string')) return items.join(',');
  } catch {
    // Not JSON after all: shown as written.
  }
  return json;
}

/** Quoted for a POSIX shell when it holds anything but plain characters. */
function shellWord(value: string): string {
  if (/^<[\w-]+>$/.test(value) || /^[\w@%+=:,./-]+$/.test(value)) return value;
  // A command substitution the shell runs (`"$(date -u +%F)"`) is written as it is.
  if (/^"\$\([^)]*\)"$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
