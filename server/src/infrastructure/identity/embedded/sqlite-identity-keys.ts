import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { JsonWebKey } from 'oidc-provider';
import type { SqliteDatabase } from '../../sqlite/sqlite-database';

/** The provider's secrets, made once and kept in `identity_keys` so tokens and cookies survive restarts. */
export interface IdentityKeys {
  /** Private RSA signing key (RS256) as a JWK with kid. */
  readonly signingKey: JsonWebKey;
  /** Keys that sign oidc-provider's cookies. */
  readonly cookieKeys: string[];
  /** Key of the HMAC that stores one-time codes. */
  readonly codeSecret: Buffer;
}

function read(db: SqliteDatabase, name: string): string | null {
  const row = db.prepare('SELECT value FROM identity_keys WHERE name = ?').get(name) as
    { value: string } | undefined;
  return row?.value ?? null;
}

async function loadOrCreate(
  db: SqliteDatabase,
  name: string,
  make: () => Promise<string>,
  now: Date,
): Promise<string> {
  const existing = read(db, name);
  if (existing !== null) return existing;
  // INSERT OR IGNORE then read back: when two processes start at once, both use the first key stored.
  db.prepare('INSERT OR IGNORE INTO identity_keys (name, value, created_at) VALUES (?, ?, ?)').run(
    name,
    await make(),
    now.toISOString(),
  );
  const stored = read(db, name);
  if (stored === null) throw new Error(`identity key ${name} missing`);
  return stored;
}

const randomSecret = (): Promise<string> => Promise.resolve(randomBytes(32).toString('base64url'));

/** Loads the keys, generating (once) those that do not exist yet. */
export async function loadIdentityKeys(db: SqliteDatabase, now: Date): Promise<IdentityKeys> {
  const signing = await loadOrCreate(
    db,
    'signing-rsa',
    async () => {
      const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
      return JSON.stringify({
        ...privateKey.export({ format: 'jwk' }),
        kid: randomUUID(),
        alg: 'RS256',
        use: 'sig',
      });
    },
    now,
  );
  const cookie = await loadOrCreate(db, 'cookie', randomSecret, now);
  const code = await loadOrCreate(db, 'code-hmac', randomSecret, now);
  return {
    signingKey: JSON.parse(signing) as JsonWebKey,
    cookieKeys: [cookie],
    codeSecret: Buffer.from(code, 'base64url'),
  };
}
