import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Secrets kept at rest (TOTP secrets; later connector tokens) are sealed with AES-256-GCM under one key
// from configuration, so a copy of the database alone does not give them away. A sealed value reads
// `v1.<iv>.<ciphertext>.<tag>` (base64url); the version lets a later key or cipher sit beside this one.

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
export const SECRET_KEY_FILE = 'secret.key';

export interface SecretBox {
  /** Seals `plain`; `context` (e.g. `totp:<login id>`) is bound to it, so a sealed value moved elsewhere fails. */
  seal(plain: string, context: string): string;
  /** The plain text of a sealed value; throws when the key, the context or any byte is wrong (fail closed). */
  open(sealed: string, context: string): string;
}

export class SecretOpenError extends Error {
  constructor() {
    super('A sealed secret could not be opened: wrong SECRET_KEY, or the value was altered');
    this.name = 'SecretOpenError';
  }
}

/** Whether a stored value is sealed (plain TOTP secrets are base32 and never contain a dot). */
export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}.`);
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`The secret key must be ${KEY_BYTES} bytes`);
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, body, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || body === undefined || !tag || rest.length > 0) throw new SecretOpenError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretOpenError();
      }
    },
  };
}

/** A SECRET_KEY value: base64 of exactly 32 bytes (`openssl rand -base64 32`). */
export function parseSecretKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === KEY_BYTES ? key : null;
}

/**
 * The key: SECRET_KEY when set; otherwise `$DATA_DIR/secret.key`, made once (mode 0600) on first start.
 * Servers sharing one PostgreSQL must share SECRET_KEY, since each would otherwise make its own file.
 * Of two processes starting at once, both end up reading the same key.
 */
export function loadSecretKey(env: { SECRET_KEY?: string | undefined; DATA_DIR: string }): Buffer {
  if (env.SECRET_KEY) {
    const key = parseSecretKey(env.SECRET_KEY);
    if (!key) throw new Error('SECRET_KEY must be the base64 of 32 bytes');
    return key;
  }
  const path = join(env.DATA_DIR, SECRET_KEY_FILE);
  mkdirSync(env.DATA_DIR, { recursive: true });
  // Written aside, then linked into place: the link fails if the file exists, and a reader never sees it half written.
  const draft = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(draft, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  const key = parseSecretKey(readFileSync(path, 'utf8'));
  if (!key) throw new Error(`${path} does not hold the base64 of 32 bytes`);
  return key;
}
