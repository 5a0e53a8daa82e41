/**
 * The path patterns of faults and request matchers: an exact path, a prefix ending in `*`
 * (`/api/v1/*`), or a template whose `{name}` segments match any one segment
 * (`/api/v1/instances/{id}/start`). One syntax, so a fault and a verification read alike.
 */
export function pathMatches(pattern: string, pathname: string): boolean {
  if (pattern.endsWith('*')) return pathname.startsWith(pattern.slice(0, -1));
  if (!pattern.includes('{')) return pathname === pattern;
  const wanted = pattern.split('/');
  const have = pathname.split('/');
  return (
    wanted.length === have.length &&
    wanted.every((segment, i) => (isParam(segment) ? have[i] !== '' : segment === have[i]))
  );
}

/** A `{name}` segment of a template. */
export function isParam(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}
