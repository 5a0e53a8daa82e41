/**
 * When an access token (a JWT) expires, read from its `exp` claim without checking its
 * signature: only to explain a refusal, never to trust the token. Undefined for anything else.
 */
export function tokenExpiry(token: string): Date | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' ? new Date(exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}
