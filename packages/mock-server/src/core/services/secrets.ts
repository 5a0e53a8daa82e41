// node:crypto in Node, Web Crypto and @noble/hashes in a browser: the core runs unchanged in
// both (msw's handlers run in either).

/** log2 of scrypt's N by password cost: 2^14 is about 100 ms a hash; 2^4 well under 1 ms. */
const SCRYPT_LOG_N = { standard: 14, test: 4 } as const;
/** The range a stored hash may ask for: a state file must not make a login take minutes. */
const SCRYPT_LOG_N_RANGE = [1, 16] as const;

export type PasswordCost = keyof typeof SCRYPT_LOG_N;

const scryptOptions = (logN: number) => ({ N: 2 ** logN, r: 8, p: 1, dkLen: 32 });

/** scrypt of a password and salt: the same function whichever implementation computes it. */
export type Scrypt = (
  password: string,
  salt: Uint8Array,
  options: { N: number; r: number; p: number; dkLen: number },
) => Promise<Uint8Array>;

/** The hash functions the server needs, from one implementation. */
export interface Hashes {
  sha256(bytes: Uint8Array): Uint8Array;
  hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array;
  scrypt: Scrypt;
}

/**
 * Node's own, reached through `process.getBuiltinModule` (Node >= 20.16), which a browser
 * bundle does not try to resolve as it would an import of `node:crypto`. Native scrypt is many
 * times faster than scrypt in JavaScript, whose first hashes of a process cost tens of
 * milliseconds each before the JIT warms up; and nothing is loaded for them.
 */
export function nodeHashes(): Hashes | undefined {
  const crypto = typeof process === 'undefined' ? undefined : process.getBuiltinModule?.('node:crypto');
  if (!crypto) return undefined;
  const bytes = (buffer: Uint8Array) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return {
    sha256: (data) => bytes(crypto.createHash('sha256').update(data).digest()),
    hmacSha256: (key, message) => bytes(crypto.createHmac('sha256', key).update(message).digest()),
    scrypt: (password, salt, { N, r, p, dkLen }) =>
      new Promise((resolve, reject) => {
        // scrypt needs 128 * N * r bytes; Node refuses above `maxmem` (32 MiB by default), which
        // the largest cost a stored hash may ask for (N = 2^16) exceeds.
        crypto.scrypt(password, salt, dkLen, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
          error ? reject(error) : resolve(bytes(key)),
        );
      }),
  };
}

/** @noble/hashes, for a browser: the same functions in JavaScript, loaded when the server starts. */
export async function nobleHashes(): Promise<Hashes> {
  // One after another: the three share @noble/hashes' modules (see onFirstUse).
  const { hmac } = await import('@noble/hashes/hmac.js');
  const { scryptAsync } = await import('@noble/hashes/scrypt.js');
  const { sha256 } = await import('@noble/hashes/sha2.js');
  return {
    sha256: (data) => sha256(data),
    hmacSha256: (key, message) => hmac(sha256, key, message),
    scrypt: scryptAsync,
  };
}

let hashes: Hashes | undefined = nodeHashes();

/** Loads the hash functions where Node's are not at hand; every server waits on it before it serves. */
export async function loadHashes(): Promise<void> {
  hashes ??= await nobleHashes();
}

/** Computes with `implementation` from now on (a test compares implementations). */
export function useHashes(implementation: Hashes): void {
  hashes = implementation;
}

function loadedHashes(): Hashes {
  if (!hashes) throw new Error('The hash functions are not loaded yet: await loadHashes() first');
  return hashes;
}

/**
 * Password hash: scrypt with a random salt, stored as `scrypt$<salt>$<hash>` (base64url) at the
 * standard cost, or `scrypt$ln=<log2 N>$<salt>$<hash>` at another, so any server verifies it.
 */
export async function hashPassword(password: string, cost: PasswordCost = 'standard'): Promise<string> {
  const salt = randomBytes(16);
  const logN = SCRYPT_LOG_N[cost];
  return formatHash(logN, salt, await loadedHashes().scrypt(password, salt, scryptOptions(logN)));
}

/**
 * A well-formed hash at `cost` that no password matches (its hash part is all zeros). Checking a
 * password against it costs what checking a real one does: a login for an unknown email then
 * takes as long as one for a known email, and the answer time tells nothing about which exist.
 */
export function unmatchablePasswordHash(cost: PasswordCost): string {
  return formatHash(SCRYPT_LOG_N[cost], randomBytes(16), new Uint8Array(32));
}

function formatHash(logN: number, salt: Uint8Array, hash: Uint8Array): string {
  const params = logN === SCRYPT_LOG_N.standard ? '' : `ln=${logN}$`;
  return `scrypt$${params}${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await loadedHashes().scrypt(
    password,
    fromBase64Url(parsed.salt),
    scryptOptions(parsed.logN),
  );
  return constantTimeEqual(actual, fromBase64Url(parsed.hash));
}

function parseHash(stored: string): { logN: number; salt: string; hash: string } | undefined {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return undefined;
  if (parts.length === 3) return { logN: SCRYPT_LOG_N.standard, salt: parts[1]!, hash: parts[2]! };
  const cost = parts.length === 4 ? /^ln=(\d{1,2})$/.exec(parts[1]!) : null;
  if (!cost) return undefined;
  const logN = Number(cost[1]);
  if (logN < SCRYPT_LOG_N_RANGE[0] || logN > SCRYPT_LOG_N_RANGE[1]) return undefined;
  return { logN, salt: parts[2]!, hash: parts[3]! };
}

/** A new opaque token: 256 random bits, with a readable prefix (`nrt_...`, `nk_...`). */
export function newOpaqueToken(prefix: string): string {
  return `${prefix}_${toBase64Url(randomBytes(32))}`;
}

/** How opaque tokens and keys are stored: only their SHA-256, hex. */
export function sha256(value: string): string {
  return toHex(loadedHashes().sha256(utf8.encode(value)));
}

/** Hex HMAC-SHA256, as in the webhook signature header. */
export function hmacSha256Hex(key: string, message: string): string {
  return toHex(loadedHashes().hmacSha256(utf8.encode(key), utf8.encode(message)));
}

/**
 * Secrets the server must use again (webhook signing secrets) are kept sealed with
 * AES-GCM under a key derived from the server secret, so a state export never
 * holds them in clear.
 */
export async function sealSecret(serverSecret: string, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const body = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await sealKey(serverSecret),
    utf8.encode(plain),
  );
  return `sealed$${toBase64Url(iv)}$${toBase64Url(new Uint8Array(body))}`;
}

export async function openSecret(serverSecret: string, sealed: string): Promise<string> {
  const [scheme, iv, body] = sealed.split('$');
  if (scheme !== 'sealed' || !iv || !body) throw new Error('Not a sealed secret');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(iv) },
    await sealKey(serverSecret),
    fromBase64Url(body),
  );
  return new TextDecoder().decode(plain);
}

function sealKey(serverSecret: string): Promise<CryptoKey> {
  const raw = new Uint8Array(loadedHashes().sha256(utf8.encode(`nimbus-seal:${serverSecret}`)));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export function newServerSecret(): string {
  return toBase64Url(randomBytes(32));
}

/** A control token made for a server that is reachable from other machines: 192 random bits. */
export function newControlToken(): string {
  return toBase64Url(randomBytes(24));
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

const utf8 = new TextEncoder();

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
