import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Connector secrets at rest: AES-256-GCM with a key from the environment. The stored form is
// `v1:<iv>:<tag>:<ciphertext>` (base64), so a later key or algorithm can sit beside it.
const VERSION = 'v1';

export class SecretKeyError extends Error {
  override readonly name = 'SecretKeyError';
}

/** The 32-byte key from CONNECTOR_SECRET_KEY (base64 or 64 hex characters). */
export function parseSecretKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32)
    throw new SecretKeyError('CONNECTOR_SECRET_KEY must be 32 bytes, as base64 or 64 hex characters');
  return key;
}

/** A fresh key in the form CONNECTOR_SECRET_KEY takes. */
export function generateSecretKey(): string {
  return randomBytes(32).toString('base64');
}

export function sealSecrets(secrets: Record<string, unknown>, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(
    ':',
  );
}

export function openSecrets(sealed: string, key: Buffer): Record<string, unknown> {
  const [version, iv, tag, ciphertext] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new SecretKeyError('Unreadable connector secret');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new SecretKeyError('Connector secrets cannot be decrypted with the configured CONNECTOR_SECRET_KEY');
  }
}
