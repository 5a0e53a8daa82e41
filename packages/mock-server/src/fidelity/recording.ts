import type { Endpoint, Operation } from '@nimbus/sdk/contract';
import { redactSecrets, secretPaths } from '@nimbus/sdk/contract/secrets';
import type { z } from 'zod';
import type { ProxiedExchange } from '../core/services/proxy';
import type { StoredRecord } from '../store/state';
import { paramsOf } from './request-check';

/**
 * The table each namespace's records are kept in by the reference server. Namespaces left out
 * answer no records of their own (billing usage, metrics, logs), ones the server makes itself
 * (built-in roles, activity and audit logs, deliveries), or credentials (API keys: a key's row
 * is its hash, which no answer shows).
 */
const TABLE_OF_NAMESPACE: Readonly<Record<string, string>> = {
  'v1.users': 'users',
  'v1.projects': 'projects',
  'v1.instances': 'instances',
  'v1.buckets': 'buckets',
  'v1.functions': 'functions',
  'v1.functions.triggers': 'function_triggers',
  'v1.cdnProfiles': 'cdn_profiles',
  'v1.cdnProfiles.endpoints': 'cdn_endpoints',
  'v1.cacheInstances': 'cache_instances',
  'v1.apiProducts': 'api_products',
  'v1.apiProducts.subscriptions': 'api_subscriptions',
  'v1.topics': 'topics',
  'v1.topics.subscriptions': 'topic_subscriptions',
  'v1.budgets': 'budgets',
  'v1.anomalies': 'cost_anomalies',
  'v1.reports': 'cost_reports',
  'v1.policies': 'policies',
  'v1.assignments': 'policy_assignments',
  'v1.metricRules': 'metric_rules',
  'v1.vpcs': 'vpcs',
  'v1.vpcs.subnets': 'subnets',
  'v1.vpcs.routeTables': 'route_tables',
  'v1.transitHubs': 'transit_hubs',
  'v1.transitHubAttachments': 'transit_hub_attachments',
  'v1.vpcPeerings': 'vpc_peerings',
  'v1.vpnGateways': 'vpn_gateways',
  'v1.loadBalancers': 'load_balancers',
  'v1.loadBalancers.healthProbes': 'health_probes',
  'v1.globalLoadBalancers': 'global_load_balancers',
  'v1.bandwidthPolicies': 'bandwidth_policies',
  'v1.privateEndpoints': 'private_endpoints',
  'v1.ddosPlans': 'ddos_plans',
  'v1.databases': 'databases',
  'v1.databases.replicas': 'database_replicas',
  'v1.backupVaults': 'backup_vaults',
  'v1.backups': 'backups',
  'v1.backupPolicies': 'backup_policies',
  'v1.snapshots': 'snapshots',
  'v1.drPlans': 'dr_plans',
  'v1.resourceGroups': 'resource_groups',
  'v1.iam.bucketGrants': 'bucket_grants',
  'v1.zones': 'zones',
  'v1.vaults': 'vaults',
  'v1.clusters': 'clusters',
  'v1.registries': 'registries',
  'v1.webapps': 'webapps',
  'v1.firewalls': 'firewalls',
  'v2.cameras': 'video_cameras',
  'v2.events': 'video_events',
};

/** The operations whose answer is a namespace's record: `create`, else `retrieve`, else `me`. */
const RECORD_OPERATIONS = ['create', 'retrieve', 'me'];

/** Field names that hold a credential, left out even where the contract marks none. */
const SECRET_FIELD = /password|secret|token|api_?key|private_key|totp|credential/i;
const LEFT_OUT = Symbol('left out');

/** What `--record` writes: a state document `nimbus mock start --seed <file>` loads (no signing secret). */
export interface RecordedState {
  version: 1;
  clock_offset_ms: number;
  tables: Record<string, Record<string, StoredRecord>>;
}

/**
 * The records a deployment answered, kept as the reference server's state (`--record`,
 * docs/decisions/0021-mock-proxy.md): each success of an operation that answers a namespace's
 * record (a create, a retrieve, a list, an action answering the record) puts the latest answer in
 * that namespace's table, a delete removes it. Fields the contract marks secret, and fields named
 * like credentials, are left out. The caller of a project answer becomes its member, with the
 * role the answer names.
 */
export class StateRecording {
  readonly #tables = new Map<string, Map<string, StoredRecord>>();
  readonly #recordSchemas: ReadonlyMap<string, z.ZodType>;

  constructor(operations: readonly Operation[]) {
    const schemas = new Map<string, z.ZodType>();
    for (const name of RECORD_OPERATIONS) {
      for (const { id, endpoint } of operations) {
        const namespace = namespaceOf(id);
        if (id.endsWith(`.${name}`) && TABLE_OF_NAMESPACE[namespace] && !schemas.has(namespace)) {
          schemas.set(namespace, endpoint.response);
        }
      }
    }
    this.#recordSchemas = schemas;
  }

  /** Takes what one exchange tells of the deployment's records. */
  take({ operation, request, target, reply }: ProxiedExchange): boolean {
    if (!operation || reply.status < 200 || reply.status >= 300) return false;
    const namespace = namespaceOf(operation.id);
    const table = TABLE_OF_NAMESPACE[namespace];
    if (!table) return false;
    if (request.method === 'DELETE') return this.#remove(table, operation.endpoint, target.pathname);
    const schema = this.#recordSchemas.get(namespace);
    const body = jsonOf(reply.body);
    if (!schema || body === undefined) return false;
    const found = recordsOf(operation.endpoint, schema, body);
    const callerId = callerOf(request.headers.get('authorization'));
    for (const value of found) {
      const record = withoutSecrets(schema, value);
      if (!isRecord(record)) continue;
      if (operation.endpoint.api === 'v2' && typeof record.tenant_id === 'string')
        record.project_id = record.tenant_id;
      if (table === 'projects') this.#member(record, callerId);
      this.#put(table, record);
    }
    return found.length > 0;
  }

  /** The recorded state, tables and records in the order they were first seen. */
  state(): RecordedState {
    const tables: RecordedState['tables'] = {};
    for (const [name, rows] of this.#tables) if (rows.size > 0) tables[name] = Object.fromEntries(rows);
    return { version: 1, clock_offset_ms: 0, tables };
  }

  #put(table: string, record: StoredRecord): void {
    let rows = this.#tables.get(table);
    if (!rows) {
      rows = new Map();
      this.#tables.set(table, rows);
    }
    rows.set(record.id, record);
  }

  /** A project answer names the caller's role: the caller is its member. */
  #member(project: StoredRecord, userId: string | undefined): void {
    const role = project.role;
    delete project.role;
    if (!userId || typeof role !== 'string') return;
    const rows = this.#tables.get('memberships');
    const existing = [...(rows?.values() ?? [])].find(
      (m) => m.project_id === project.id && m.user_id === userId,
    );
    this.#put('memberships', {
      id: existing?.id ?? crypto.randomUUID(),
      created_at: project.created_at,
      updated_at: project.updated_at,
      project_id: project.id,
      user_id: userId,
      role,
    });
  }

  #remove(table: string, endpoint: Endpoint, pathname: string): boolean {
    const params = paramsOf(endpoint, pathname) ?? {};
    const rows = this.#tables.get(table);
    if (!rows) return false;
    // The last parameter names the record (`/vpcs/{id}/subnets/{subnet_id}`); buckets go by name.
    const key = Object.values(params).at(-1);
    for (const [id, row] of rows) {
      if (id === key || (table === 'buckets' && row.name === key)) return rows.delete(id);
    }
    return false;
  }
}

/** `v1.vpcs.subnets` of `v1.vpcs.subnets.create`. */
function namespaceOf(id: string): string {
  return id.slice(0, id.lastIndexOf('.'));
}

/** The records in an answer: the record itself, a v1 list's items, or a v2 list's `items`. */
function recordsOf(endpoint: Endpoint, schema: z.ZodType, body: unknown): unknown[] {
  const payload = endpoint.api === 'v1' ? (body as { data?: unknown } | null)?.data : body;
  if (endpoint.response === schema) return Array.isArray(payload) ? payload : [payload];
  const def = (endpoint.response as unknown as z.core.$ZodTypes)._zod.def;
  if (def.type !== 'object') return [];
  const items = def.shape.items as z.core.$ZodTypes | undefined;
  if (items?._zod.def.type !== 'array' || items._zod.def.element !== schema) return [];
  const list = (payload as { items?: unknown } | null)?.items;
  return Array.isArray(list) ? list : [];
}

/** The record without what the contract marks secret in it, nor fields named like credentials. */
function withoutSecrets(schema: z.ZodType, value: unknown): unknown {
  const marked = redactSecrets(value, secretPaths(schema), LEFT_OUT as unknown as string);
  return dropped(marked);
}

function dropped(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== LEFT_OUT).map(dropped);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === LEFT_OUT || SECRET_FIELD.test(key)) continue;
    out[key] = dropped(field);
  }
  return out;
}

function isRecord(value: unknown): value is StoredRecord {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const { id, created_at, updated_at } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof created_at === 'string' && typeof updated_at === 'string';
}

/** The user id (`sub`) of a bearer JWT, read without checking it: the deployment did that. */
function callerOf(authorization: string | null): string | undefined {
  const token = /^Bearer\s+([\w-]+)\.([\w-]+)\.([\w-]*)$/i.exec(authorization ?? '')?.[2];
  if (!token) return undefined;
  try {
    const claims = JSON.parse(atob(token.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

const decoder = new TextDecoder();

function jsonOf(body: string | Uint8Array | null): unknown {
  if (body === null) return undefined;
  try {
    return JSON.parse(typeof body === 'string' ? body : decoder.decode(body));
  } catch {
    return undefined;
  }
}
