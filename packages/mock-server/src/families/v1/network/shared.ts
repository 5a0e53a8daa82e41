import { ErrorCode } from '@nimbus/sdk/contract/common';
import type { Context } from '../../../core/pipeline/handler';
import { fieldError, HttpError } from '../../../core/pipeline/http-error';
import { findInProject } from '../../../core/pipeline/resources';
import type { StoredRecord } from '../../../store/state';
import type { TableSpec } from '../../../store/store';
import { type CidrBlock, type PrefixBounds, parseCidr } from './cidr';
import { type VpcRow, vpcs } from './tables';

/**
 * A record of the caller's project named by a body field, or 404 NOT_FOUND whose details name
 * that field, so a caller with several ids in one body knows which one is wrong.
 */
export function findReferenced<T extends StoredRecord>(
  ctx: Context,
  spec: TableSpec<T>,
  id: string,
  what: string,
  path: string,
): T {
  const row = ctx.runtime.store.table(spec).getIn(ctx.projectId, id);
  if (!row) {
    throw HttpError.of(ErrorCode.NOT_FOUND, `${what} ${id} not found (${path})`, [
      { path, message: `no such ${what.toLowerCase()} in this project` },
    ]);
  }
  return row;
}

/** The VPC of a `/vpcs/{id}/...` path (404 for another project's VPC too). */
export function vpcOfPath(ctx: Context, id: string): VpcRow {
  return findInProject(ctx, vpcs, id, 'VPC');
}

/** Parses a CIDR field of the request, or answers 400 naming it. */
export function requireCidr(text: string, path: string, bounds?: PrefixBounds): CidrBlock {
  const result = parseCidr(text, bounds);
  if (!result.ok) throw fieldError(path, result.message);
  return result.block;
}

/** A CIDR the server stored itself, so known to be valid. */
export function storedCidr(text: string): CidrBlock {
  const result = parseCidr(text);
  if (!result.ok) throw new Error(`Stored CIDR ${text} is invalid: ${result.message}`);
  return result.block;
}

/** Prefix lengths a VPC may have: /16 (65 536 addresses) to /28 (16). */
export const VPC_PREFIX: PrefixBounds = { min: 16, max: 28 };

/** A name as a DNS label: lower case, `.` and `_` as `-`. */
export function dnsLabel(name: string): string {
  return name.toLowerCase().replace(/[._]/g, '-');
}

/** A short random suffix that keeps generated DNS names unique. */
export function dnsSuffix(): string {
  return crypto.randomUUID().slice(0, 8);
}
