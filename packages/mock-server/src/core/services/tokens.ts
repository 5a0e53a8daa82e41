import { BoundedCache, stringBytes } from './bounded-cache';
import { onFirstUse } from './on-first-use';
import { fromBase64Url } from './secrets';

// The three modules tokens use, not jose's index: the index loads 46 modules, in the first
// login of every test file. One after another (see onFirstUse): they share jose's modules.
const jose = onFirstUse(async () => {
  const { SignJWT } = await import('jose/jwt/sign');
  const { jwtVerify } = await import('jose/jwt/verify');
  const errors = await import('jose/errors');
  return { SignJWT, jwtVerify, errors };
});

/** Claims of an access token (docs/decisions/0003-identity.md). */
export interface AccessClaims {
  typ: 'access';
  sub: string;
  email: string;
  sid: string;
}

/** Claims of a workload token: the project is the /v2 tenant. */
export interface WorkloadClaims {
  typ: 'workload';
  sub: string;
  sid: string;
  tenant_id: string;
  scope: string;
}

export type TokenClaims = (AccessClaims | WorkloadClaims) & { iat: number; exp: number; jti: string };

export type VerifyFailure = 'expired' | 'invalid';

export type VerifyResult = { claims: TokenClaims } | { failure: VerifyFailure };

/** How many verified tokens are remembered, and their bytes; clients reuse one token for many calls. */
const VERIFIED_CACHE = { maxEntries: 10_000, maxBytes: 16 * 1024 * 1024 };

/**
 * Signs and verifies HS256 JWTs with the server secret, on the simulated clock.
 * A token's signature is checked once; later calls with the same token only check its
 * expiry against the clock (revocation is the caller's check, per request).
 */
export class TokenService {
  readonly #key: Uint8Array;
  readonly #now: () => number;
  readonly #verified = new BoundedCache<TokenClaims>({
    ...VERIFIED_CACHE,
    // The token, and its claims as they were in it (less than the token itself).
    bytesOf: (token) => 2 * stringBytes(token) + 256,
  });

  constructor(secret: string, now: () => number) {
    this.#key = fromBase64Url(secret);
    this.#now = now;
  }

  async sign(claims: AccessClaims | WorkloadClaims, ttlSeconds: number): Promise<string> {
    const iat = Math.floor(this.#now() / 1000);
    const { SignJWT } = await jose();
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .setJti(crypto.randomUUID())
      .setIssuer('nimbus')
      .sign(this.#key);
  }

  /** The token's claims, or why it was refused. Only HS256 is accepted (no `alg: none`). */
  async verify(token: string): Promise<VerifyResult> {
    const known = this.verifyKnown(token);
    if (known) return known;
    const { errors, jwtVerify } = await jose();
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: 'nimbus',
        currentDate: new Date(this.#now()),
      });
      if (payload.typ !== 'access' && payload.typ !== 'workload') return { failure: 'invalid' };
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { failure: 'invalid' };
      const claims = payload as unknown as TokenClaims;
      this.#verified.set(token, claims);
      return { claims };
    } catch (error) {
      return { failure: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  /**
   * `verify` without a promise for a token whose signature was already checked (its expiry is
   * checked again); undefined for any other token. Most requests carry such a token.
   */
  verifyKnown(token: string): VerifyResult | undefined {
    const known = this.#verified.get(token);
    if (!known) return undefined;
    return known.exp * 1000 > this.#now() ? { claims: known } : { failure: 'expired' };
  }
}
