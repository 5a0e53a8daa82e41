import { MASKED_PASSWORD } from '@nimbus/sdk/contract/v2/cameras';
import { sealSecret } from '../../../core/services/secrets';

/** An RTSP URL split into what may be shown and the password, which may not. */
export interface RtspParts {
  /** `rtsp://user:***@host:port/path` (or the URL as given when it has no password). */
  masked: string;
  /** The password in clear, `undefined` when the URL has none, or `MASKED` when it was sent masked. */
  password: string | undefined | typeof MASKED;
}

export const MASKED: unique symbol = Symbol('masked password');

/** Splits a URL the contract already checked (`rtsp://` or `rtsps://` with a host). */
export function splitRtspUrl(value: string): RtspParts {
  const url = new URL(value);
  const rawPassword = url.password;
  const password =
    rawPassword === ''
      ? undefined
      : rawPassword === MASKED_PASSWORD
        ? MASKED
        : decodeURIComponent(rawPassword);
  return { masked: maskedForm(url, password !== undefined), password };
}

function maskedForm(url: URL, hasPassword: boolean): string {
  // Built by hand: assigning `***` to url.password would percent-encode it.
  const user = url.username;
  const credentials =
    user === '' && !hasPassword ? '' : `${user}${hasPassword ? `:${MASKED_PASSWORD}` : ''}@`;
  return `${url.protocol}//${credentials}${url.host}${url.pathname}${url.search}`;
}

/** Seals a clear password for the row; null when there is none. */
export async function sealPassword(
  serverSecret: string,
  password: string | undefined,
): Promise<string | null> {
  return password === undefined ? null : sealSecret(serverSecret, password);
}
