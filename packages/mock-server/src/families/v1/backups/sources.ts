import type { Context } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import type { StoredRecord } from '../../../store/state';
import { databases } from '../databases/tables';
import { missing } from './tables';

export type SourceType = 'instance' | 'database' | 'bucket';

/** What a backup or snapshot needs to know about the resource it copies. */
export interface Source {
  id: string;
  name: string;
  region: string;
  size_gb: number;
}

const GIB = 1024 ** 3;

/** Disk size of each instance flavor: what an instance backup copies. */
const FLAVOR_DISK_GB: Record<string, number> = {
  nano: 10,
  micro: 20,
  small: 40,
  medium: 80,
  large: 160,
  xlarge: 320,
};

const LABEL: Record<SourceType, string> = { instance: 'Instance', database: 'Database', bucket: 'Bucket' };

/**
 * The resource of the caller's project a backup or snapshot names, or 404 naming its type.
 * Instances and buckets belong to other families: their rows are read from the state by
 * table name, without registering the table here (registering it with other options would
 * change the owner's unique indexes). A resource still provisioning answers 409.
 */
export function findSource(ctx: Context, type: SourceType, id: string): Source {
  const source = lookup(ctx, type, id);
  if (!source) throw missing(LABEL[type], 'body.resource_id');
  if (source.status === 'provisioning') {
    throw HttpError.invalidState(`Cannot copy a ${type} while it is provisioning`, { status: source.status });
  }
  return { id: source.id, name: source.name, region: source.region, size_gb: source.size_gb };
}

interface Found extends Source {
  status: unknown;
}

function lookup(ctx: Context, type: SourceType, id: string): Found | undefined {
  if (type === 'database') {
    const row = ctx.runtime.store.table(databases).getIn(ctx.projectId, id);
    return row && { ...row, region: row.primary_region, size_gb: Math.ceil(row.storage_gb * 0.4) };
  }
  const rows = ctx.runtime.store.state.tables[type === 'instance' ? 'instances' : 'buckets'] ?? {};
  // Buckets are addressed by name in their own API, so a bucket backup takes the name too.
  const row: StoredRecord | undefined =
    (Object.hasOwn(rows, id) ? rows[id] : undefined) ??
    (type === 'bucket' ? Object.values(rows).find((r) => r.name === id) : undefined);
  if (!row || row.project_id !== ctx.projectId) return undefined;
  const size_gb =
    type === 'instance'
      ? (FLAVOR_DISK_GB[String(row.flavor)] ?? FLAVOR_DISK_GB.small!)
      : Math.max(1, Math.ceil(Number(row.size_bytes ?? 0) / GIB));
  return { id: row.id, name: String(row.name), region: String(row.region), status: row.status, size_gb };
}
