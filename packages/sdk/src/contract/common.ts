import * as z from 'zod';

/** UUID v4 as the platform issues them (ids in `{id}` paths). */
export const Uuid = z.uuid({ error: 'must be a UUID' });

/** ISO-8601 UTC timestamp with milliseconds, e.g. `2026-01-01T00:00:00.000Z`. */
export const Timestamp = z.iso.datetime({ precision: 3, error: 'must be an ISO-8601 UTC timestamp' });

export const IdParams = z.object({ id: Uuid });

/** Fields every stored v1 record has. */
export const RecordBase = z.object({
  id: Uuid,
  created_at: Timestamp,
  updated_at: Timestamp,
});

/** Fields of a record that belongs to a project. */
export const ProjectRecord = RecordBase.extend({ project_id: Uuid });

const intFromQuery = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min)
    .max(max)
    .default(fallback);

/** `?page=` and `?per_page=` of every v1 list (docs/decisions/0002-v1-envelopes-and-errors.md). */
export const PageQuery = z.object({
  page: intFromQuery(1, 1_000_000, 1).describe('Page number, from 1'),
  per_page: intFromQuery(1, 100, 20).describe('Items per page, 1..100'),
});

/**
 * An update body that must name at least one of its fields: checked by the server, and said in
 * JSON Schema (`minProperties: 1` and one of the known fields present, as unknown ones are dropped).
 */
export const atLeastOneField = <S extends z.ZodObject>(schema: S, error: string) =>
  schema
    .refine((body) => Object.values(body).some((value) => value !== undefined), { error })
    .meta({ minProperties: 1, anyOf: Object.keys(schema.shape).map((key) => ({ required: [key] })) });

/**
 * A string the server trims before checking its length: in JSON Schema, one that holds a
 * character other than whitespace (`minLength` alone would let "   " through).
 */
export const TRIMMED_PATTERN = '\\S';

/**
 * `host[:port]` of a URL as JSON Schema can say it: a DNS name whose last label starts with a
 * letter (URL parsers read a numeric last label as IPv4), an IPv4 address, or an IPv6 address
 * in brackets (`[::1]` or all eight groups), then a port 1..65535.
 */
const URL_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const URL_HOST = [
  '(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)*[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?',
  `(?:${URL_OCTET}\\.){3}${URL_OCTET}`,
  '\\[::1\\]',
  '\\[(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}\\]',
]
  .map((host) => `(?:${host})`)
  .join('|');
const URL_PORT = '(?::(?:[1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5]))?';
const URL_AUTHORITY = `(?:${URL_HOST})${URL_PORT}`;

/**
 * A URL pattern for JSON Schema: one of `schemes` (any case), optional `user[:password]@` when
 * `credentials` allows it, the authority, then printable ASCII. Stricter than the server's URL
 * parser on exotic hosts (shortened IPv6 literals, percent-escapes, trailing dots).
 */
export const urlPattern = (schemes: readonly string[], credentials: boolean): string => {
  const anyCase = (word: string) => [...word].map((c) => `[${c.toUpperCase()}${c}]`).join('');
  const userinfo = credentials ? "(?:[A-Za-z0-9._~%!$&'()*+,;=-]+(?::[A-Za-z0-9._~%!$&'()*+,;=-]*)?@)?" : '';
  return `^(?:${schemes.map(anyCase).join('|')})://${userinfo}${URL_AUTHORITY}(?:[/?#][\\x21-\\x7e]*)?$`;
};

/**
 * A JSON Schema `if`/`then`: when `field` is `value`, `then` applies. `byDefault` says that an
 * absent field takes that value (its default), so the rule holds without it too.
 */
export const whenField = (
  field: string,
  value: string,
  then: Record<string, unknown>,
  byDefault = false,
): Record<string, unknown> =>
  ifThen({ properties: { [field]: { const: value } }, ...(!byDefault && { required: [field] }) }, then);

/** A JSON Schema `if`/`then` pair. */
export const ifThen = (condition: Record<string, unknown>, then: Record<string, unknown>) => ({
  if: condition,
  then,
});

/** A list query with equality filters on the listed records' own fields. */
export const listQuery = <S extends z.ZodRawShape>(filters: S) => PageQuery.extend(filters);

export const PageMeta = z.object({
  request_id: z.string(),
  page: z.number().int().min(1).max(1_000_000),
  per_page: z.number().int().min(1).max(100),
  total: z.number().int().nonnegative(),
});

export const ErrorDetail = z.object({ path: z.string(), message: z.string() });

export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});

/** The v1 error envelope. */
export const V1Error = z.object({ success: z.literal(false), error: ErrorBody });

/** The v2 error body. */
export const V2Error = z.object({ error: ErrorBody });

/**
 * An email address as the JSON Schema `email` format reads it (RFC 5321 host labels: no label
 * starts or ends with "-"), so the server accepts no address its OpenAPI document refuses.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const Email = z.email({ pattern: EMAIL_PATTERN, error: 'must be an email address' }).max(254);

/** A region name: lowercase letters, digits and dashes (e.g. `hn`, `hcm-1`). */
export const Region = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, { error: 'must be a region name (lowercase letters, digits, dashes)' });

/** An availability zone: its region's name, a dash and a letter (`hn-a`, `hcm-1-b`). */
export const AvailabilityZone = z.string().regex(/^[a-z][a-z0-9-]{0,31}-[a-z]$/, {
  error: 'must be a zone name: the region, a dash and a letter (e.g. hn-a)',
});

/** A resource name: 1..63 characters, letters, digits, `-`, `_`, `.`. */
export const ResourceName = z
  .string()
  .min(1)
  .max(63)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, {
    error: 'must start with a letter or digit and hold only letters, digits, ".", "_" and "-"',
  });

/** Error codes of docs/decisions/0002-v1-envelopes-and-errors.md and 0006-video-service.md. */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  INVALID_JSON: 'INVALID_JSON',
  PROJECT_HEADER_REQUIRED: 'PROJECT_HEADER_REQUIRED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  MFA_REQUIRED: 'MFA_REQUIRED',
  INVALID_MFA_CODE: 'INVALID_MFA_CODE',
  REFRESH_TOKEN_REUSED: 'REFRESH_TOKEN_REUSED',
  FORBIDDEN: 'FORBIDDEN',
  PROJECT_FORBIDDEN: 'PROJECT_FORBIDDEN',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  POLICY_VIOLATION: 'POLICY_VIOLATION',
  INSUFFICIENT_SCOPE: 'INSUFFICIENT_SCOPE',
  CAMERA_LIMIT_REACHED: 'CAMERA_LIMIT_REACHED',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  CONFLICT: 'CONFLICT',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  INVALID_STATE: 'INVALID_STATE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
