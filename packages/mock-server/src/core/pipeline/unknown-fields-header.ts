/** The response header that names the body fields the contract does not declare. */
export const UNKNOWN_FIELDS_HEADER = 'nimbus-warning';
const PREFIX = 'unknown fields: ';

/** The header's value for these fields (dotted paths, header-safe). */
export function warningOf(fields: readonly string[]): string {
  return `${PREFIX}${fields.join(', ')}`;
}

/** The fields a `Nimbus-Warning` header names (the request journal shows them). */
export function unknownFieldsOfWarning(header: string | undefined): string[] {
  if (!header?.startsWith(PREFIX)) return [];
  return header.slice(PREFIX.length).split(', ').map(decodeURIComponent);
}
