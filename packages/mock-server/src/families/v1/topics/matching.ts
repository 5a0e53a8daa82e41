/**
 * Whether an event type is selected by a subscription's `event_types` (docs/decisions/0005-event-grid-delivery.md):
 * a comma-separated list where `*` matches every type, `compute.*` every type starting with
 * `compute.`, and anything else exactly that type.
 */
export function matchesEventTypes(filter: string, type: string): boolean {
  return filter.split(',').some((raw) => {
    const pattern = raw.trim();
    if (pattern === '*') return true;
    if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
    return pattern === type;
  });
}

/** Whether the server sends webhooks to `url` (`webhookAllowHosts`, loopback by default). */
export function hostAllowed(url: URL, allow: '*' | readonly string[]): boolean {
  if (allow === '*') return true;
  const host = url.hostname.toLowerCase();
  // IPv6 hostnames come bracketed from URL (`[::1]`): accept either spelling in the list.
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  return allow.some((entry) => {
    const wanted = entry.toLowerCase();
    return wanted === host || wanted === bare;
  });
}
