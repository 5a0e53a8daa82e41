import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { VerifyContext } from './context';
import { checkError, withCase } from './exchange-check';
import type { Auth, Exchange } from './http';
import { recordOf } from './http';
import type { PlannedOperation } from './plan';

const NOT_AN_ENUM_VALUE = 'not-a-value-of-the-enum';

/**
 * The invalid inputs the contract names, each with the answer it promises:
 * - a body of `{}` where fields are required: 400 `VALIDATION_ERROR`;
 * - a value outside an enum in a create's body: 400 `VALIDATION_ERROR`;
 * - an unknown id in the path of a read or delete: 404 `NOT_FOUND`;
 * - another tenant's id, read as that tenant: 404 `NOT_FOUND` (never 403: no existence leak);
 * - no credentials on a list: 401 `UNAUTHENTICATED`.
 * An invalid create the target accepts all the same is deleted with the rest.
 */
export async function checkInvalidInputs(run: VerifyContext, op: PlannedOperation): Promise<void> {
  const { endpoint } = op;
  const writes = !run.options.readOnly && op.kind !== 'read';
  if (writes && endpoint.body && (op.kind === 'create' || op.kind === 'action') && !endpoint.bodyOptional) {
    if (!endpoint.body.safeParse({}).success) {
      const input = await run.input(op);
      await expectError(run, op, { ...input, body: {} }, 400, 'VALIDATION_ERROR', 'body {}');
    }
  }
  if (writes && op.kind === 'create' && endpoint.body) {
    const input = await run.input(op);
    const field = enumField(endpoint.body, input.body);
    if (field) {
      const body = { ...(input.body as Record<string, unknown>), [field]: NOT_AN_ENUM_VALUE };
      await expectError(run, op, { ...input, body }, 400, 'VALIDATION_ERROR', `${field} outside its enum`);
    }
  }
  const idParam = lastIdParam(endpoint.path);
  if (idParam && (op.kind === 'read' || (writes && op.kind === 'delete'))) {
    const input = await run.input(op);
    const path = replaceLast(input.path, endpoint.path, idParam, randomUUID());
    await expectError(run, op, { ...input, path }, 404, 'NOT_FOUND', 'unknown id');
    const other = run.other;
    if (op.kind === 'read' && other) {
      const auth: Auth | undefined =
        endpoint.api === 'v2'
          ? other.workloadToken && endpoint.auth === 'bearer'
            ? { kind: 'bearer', token: other.workloadToken }
            : undefined
          : { kind: 'bearer', token: other.token };
      if (auth && (endpoint.api === 'v2' || other.projectId)) {
        await expectError(run, op, input, 404, 'NOT_FOUND', "another tenant's id", {
          auth,
          ...(endpoint.project && { project: other.projectId }),
        });
      }
    }
  }
  if (op.kind === 'read' && endpoint.list && endpoint.auth === 'bearer') {
    const input = await run.input(op);
    await expectError(run, op, input, 401, 'UNAUTHENTICATED', 'no credentials', { auth: { kind: 'none' } });
  }
}

async function expectError(
  run: VerifyContext,
  op: PlannedOperation,
  input: { path: string; query?: Record<string, string>; body?: unknown },
  status: number,
  code: string,
  label: string,
  override: { auth?: Auth; project?: string } = {},
): Promise<void> {
  const answer: Exchange = await run.send(op, input, override);
  run.note(op.id, withCase(checkError(op.id, op.endpoint, answer, status, code), label), answer.requestId);
  // A create the target should have refused made a record all the same: it goes too.
  if (op.kind === 'create' && answer.status >= 200 && answer.status < 300) {
    const record = recordOf(answer);
    if (record) run.track(op.endpoint.path, op, record, input.path);
  }
}

/** The name of the last `{param}` of a path whose value is an id. */
function lastIdParam(template: string): string | undefined {
  const names = template.match(/\{(\w+)\}/g)?.map((m) => m.slice(1, -1)) ?? [];
  const last = names[names.length - 1];
  return last && /^(id|\w+Id|cam)$/.test(last) ? last : undefined;
}

/** `path` (filled from `template`) with the value of `param` replaced. */
function replaceLast(path: string, template: string, param: string, value: string): string {
  const parts = path.split('/');
  const index = template.split('/').indexOf(`{${param}}`);
  parts[index] = value;
  return parts.join('/');
}

/** A top-level field of the body, present in the valid input, whose schema is an enum. */
function enumField(schema: z.ZodType, body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const shape = objectShape(schema);
  if (!shape) return undefined;
  for (const key of Object.keys(body)) {
    const field = shape[key];
    if (field && isEnum(field)) return key;
  }
  return undefined;
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  for (let depth = 0; depth < 5; depth++) {
    if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
    const inner = (def.innerType ?? def.in ?? def.schema) as
      | { _zod: { def: Record<string, unknown> } }
      | undefined;
    if (!inner) return undefined;
    def = inner._zod.def;
  }
  return undefined;
}

function isEnum(schema: z.ZodType): boolean {
  let def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  for (let depth = 0; depth < 5; depth++) {
    if (def.type === 'enum') return true;
    const inner = def.innerType as { _zod: { def: Record<string, unknown> } } | undefined;
    if (!inner) return false;
    def = inner._zod.def;
  }
  return false;
}
