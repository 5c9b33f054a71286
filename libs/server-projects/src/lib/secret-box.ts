import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@mason/server-http';

/** AES-256-GCM with the server's key: how project environment variables rest in the database. */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** MASON_SECRET_KEY, or the key in secretKeyFile (made once, readable only by its owner). */
  static load(config: { secretKey: string | null; secretKeyFile: string }): SecretBox {
    if (config.secretKey) return new SecretBox(parseKey(config.secretKey, 'MASON_SECRET_KEY'));
    const file = config.secretKeyFile;
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      try {
        fs.writeFileSync(file, randomBytes(32).toString('base64') + '\n', {
          flag: 'wx',
          mode: 0o600,
        });
      } catch (error) {
        // Another process made it first: use theirs.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    return new SecretBox(parseKey(fs.readFileSync(file, 'utf8').trim(), file));
  }

  /** A key for another purpose (e.g. signing links), derived from the server key: the same in every process. */
  deriveKey(purpose: string): Buffer {
    return createHmac('sha256', this.key).update(`mason:${purpose}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  open(sealed: string): string {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}

function parseKey(value: string, source: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value, 'base64');
  if (key.length !== 32) {
    throw new ConfigError(
      `${source} must hold a 32-byte key in base64 or hex (make one with: openssl rand -base64 32).`,
    );
  }
  return key;
}
