import { hmac } from '@noble/hashes/hmac.js';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { sha256 as sha256Bytes } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// Web Crypto and @noble/hashes only: the core runs unchanged in Node and in a browser (msw).

const SCRYPT = { N: 2 ** 14, r: 8, p: 1, dkLen: 32 };

/** Password hash: scrypt with a random salt, stored as `scrypt$<salt>$<hash>` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, SCRYPT);
  return `scrypt$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const actual = await scryptAsync(password, fromBase64Url(salt), SCRYPT);
  return constantTimeEqual(actual, fromBase64Url(hash));
}

/** A new opaque token: 256 random bits, with a readable prefix (`nrt_...`, `nk_...`). */
export function newOpaqueToken(prefix: string): string {
  return `${prefix}_${toBase64Url(randomBytes(32))}`;
}

/** How opaque tokens and keys are stored: only their SHA-256, hex. */
export function sha256(value: string): string {
  return bytesToHex(sha256Bytes(utf8ToBytes(value)));
}

/** Hex HMAC-SHA256, as in the webhook signature header. */
export function hmacSha256Hex(key: string, message: string): string {
  return bytesToHex(hmac(sha256Bytes, utf8ToBytes(key), utf8ToBytes(message)));
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
    utf8ToBytes(plain),
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
  const raw = sha256Bytes(utf8ToBytes(`nimbus-seal:${serverSecret}`));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export function newServerSecret(): string {
  return toBase64Url(randomBytes(32));
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
