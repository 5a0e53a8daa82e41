import { HttpError } from '../http-error';
import type { HeaderReader } from '../request';
import type { OriginStanding, Stage } from '../stage';

/**
 * Who may talk to the server from a browser. A web page the developer happens to visit can send
 * requests to a server on their laptop; two checks keep it out:
 * - the Host header, against DNS rebinding (a foreign name that resolves to 127.0.0.1);
 * - the Origin header, against a page on another site calling the server directly.
 */
export interface OriginPolicy {
  /**
   * Host names the server answers besides loopback ones (`localhost`, `*.localhost`,
   * `127.0.0.0/8`, `[::1]`): exact names, or `.example.test` for the name and its subdomains.
   * `'any'` turns the check off (msw handlers and in-process use, where no socket is open).
   */
  allowedHosts: 'any' | readonly string[];
  /**
   * Origins allowed by CORS besides loopback ones (any scheme and port). `'*'` allows every
   * origin on the APIs; the control routes answer loopback origins only, whatever this says.
   */
  corsOrigins: '*' | readonly string[];
}

const LOOPBACK_IPV4 = /^127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Whether a host name (no port; IPv6 with or without brackets) always means this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    LOOPBACK_IPV4.test(name) ||
    name === '::1' ||
    name === '[::1]'
  );
}

/** The host name of a Host header value: `[::1]:4010` -> `[::1]`, `Example.test:80` -> `example.test`. */
export function hostnameOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? value : value.slice(0, end + 1);
  }
  const colon = value.indexOf(':');
  // More than one colon and no brackets: a bare IPv6 address, which has no port.
  if (colon === -1 || value.indexOf(':', colon + 1) !== -1) return value;
  return value.slice(0, colon);
}

const unbracketed = (name: string) => (name.startsWith('[') ? name.slice(1, -1) : name);

/** Whether the server answers requests addressed to `host` (a Host header value). */
export function hostAllowed(host: string, allowedHosts: OriginPolicy['allowedHosts']): boolean {
  if (allowedHosts === 'any') return true;
  const name = unbracketed(hostnameOf(host));
  if (isLoopbackHost(name)) return true;
  return allowedHosts.some((entry) => {
    const allowed = unbracketed(hostnameOf(entry));
    if (allowed.startsWith('.')) return name === allowed.slice(1) || name.endsWith(allowed);
    return name === allowed;
  });
}

/**
 * Where an Origin header stands. `host` is the request's own host (its Host header, already
 * checked): a page served from it is the server's own (the `/docs` page, or the app an msw
 * worker runs in).
 */
export function originStanding(
  origin: string | null,
  host: string,
  corsOrigins: OriginPolicy['corsOrigins'],
): OriginStanding {
  if (origin === null) return 'absent';
  if (!URL.canParse(origin))
    return corsOrigins === '*' || corsOrigins.includes(origin) ? 'listed' : 'foreign';
  const page = new URL(origin);
  if (page.host === host.toLowerCase()) return 'same-origin';
  if (isLoopbackHost(page.hostname)) return 'loopback';
  if (corsOrigins === '*') return 'listed';
  const normalised = origin.toLowerCase();
  return corsOrigins.some((allowed) => allowed.toLowerCase().replace(/\/+$/, '') === normalised)
    ? 'listed'
    : 'foreign';
}

/**
 * A Host header as RFC 9110 writes it: one name (letters, digits, `.`, `-`, `_`), IPv4 address or
 * bracketed IPv6 address, then at most a port. Anything else (userinfo `a@b`, a name after a
 * bracketed address `[::1].evil.example`, two values joined `a, b` from a repeated header) is
 * refused rather than read in part: a proxy in front may read the other part.
 */
const HOST_HEADER = /^(?:\[[\da-f:.]+\]|[\w.-]+)(?::\d{0,5})?$/i;

export function hostWellFormed(host: string): boolean {
  return HOST_HEADER.test(host);
}

/** 400 for a Host header that is not one host and port (RFC 9110 section 7.2). */
export function malformedHostRefusal(): HttpError {
  return HttpError.validation(
    [{ path: 'headers.host', message: 'must be one host name or address, with an optional port' }],
    'The Host header must be one host name or address, with an optional port (and be sent once)',
  );
}

/** 403 for a request addressed to a host name the server does not answer. */
export function hostRefusal(host: string): HttpError {
  const name = hostnameOf(host);
  return HttpError.forbidden(
    `Host "${name}" is not allowed. This server answers loopback names and the hosts it is told to: ` +
      `start it with --allowed-host ${name} (or NIMBUS_ALLOWED_HOSTS=${name}, or the allowedHosts option) to allow it.`,
    { reason: 'host_not_allowed', host: name },
  );
}

/** 403 for a request from a page on an origin CORS does not allow. */
export function originRefusal(origin: string): HttpError {
  return HttpError.forbidden(
    `Origin "${origin}" is not allowed. This server answers pages on loopback origins and the origins it is told to: ` +
      `start it with --cors-origin ${origin} (or NIMBUS_CORS_ORIGINS, or the corsOrigins option) to allow it.`,
    { reason: 'origin_not_allowed', origin },
  );
}

/** 403 for a control route called from a page that is not on a loopback origin, without the token. */
export function controlOriginRefusal(origin: string): HttpError {
  return HttpError.forbidden(
    `The control routes (/__mock/*) do not answer pages on other origins ("${origin}") without the control token: ` +
      'start the server with --control-token (or NIMBUS_CONTROL_TOKEN) and send it as "Authorization: Bearer <token>".',
    { reason: 'control_origin_not_allowed', origin },
  );
}

/**
 * The refusal, if any, of a request's Host and Origin under the policy: what the HTTP routes and
 * the WebSocket upgrade both check first.
 */
export function refusalOf(
  headers: HeaderReader,
  urlHost: string,
  policy: OriginPolicy,
): HttpError | undefined {
  const host = headers.get('host');
  if (host !== null && !hostWellFormed(host)) return malformedHostRefusal();
  if (host !== null && !hostAllowed(host, policy.allowedHosts)) return hostRefusal(host);
  const origin = headers.get('origin');
  if (originStanding(origin, host ?? urlHost, policy.corsOrigins) === 'foreign')
    return originRefusal(origin!);
  return undefined;
}

/** Stage: 400 or 403 for a request whose Host or Origin the policy refuses, before it is routed. */
export const hostAndOriginStage: Stage = (exchange) => {
  const refusal = refusalOf(exchange.request.headers, exchange.host, exchange.server.runtime.config);
  if (refusal) throw refusal;
  return undefined;
};
