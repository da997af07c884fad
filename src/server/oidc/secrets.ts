/**
 * The provider's secrets, generated on first start and kept in the database (`oidc_secrets`):
 * the private signing keys (ES256 for access tokens, RS256 for ID tokens, the algorithm every
 * client supports) and the keys that sign its cookies. Every process of a deployment, and every
 * restart, reads the same ones: tokens and sessions stay valid.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { DatabaseSchema } from '../db/database.ts';

export interface ProviderSecrets {
  /** Private JWKs, each with kid, alg and use. */
  signingKeys: JWK[];
  cookieKeys: string[];
}

async function newSigningKey(alg: 'ES256' | 'RS256'): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === 'RS256' ? { modulusLength: 2048 } : {}) });
  return { ...(await exportJWK(privateKey)), kid: `${alg.toLowerCase()}-${randomUUID()}`, alg, use: 'sig' };
}

/** The stored value under `name`, or `create()` stored first (the first of concurrent starters wins); other servers' secrets (media links) are kept here too. */
export async function loadOrCreate<T>(db: Kysely<DatabaseSchema>, name: string, create: () => Promise<T>): Promise<T> {
  const read = async () => (await sql<{ value: T }>`SELECT value FROM oidc_secrets WHERE name = ${name}`.execute(db)).rows[0]?.value;
  const existing = await read();
  if (existing !== undefined) return existing;
  await sql`INSERT INTO oidc_secrets (name, value) VALUES (${name}, ${JSON.stringify(await create())}::jsonb) ON CONFLICT (name) DO NOTHING`.execute(db);
  const stored = await read();
  if (stored === undefined) throw new Error(`oidc: secret ${name} not stored`);
  return stored;
}

export async function loadProviderSecrets(db: Kysely<DatabaseSchema>): Promise<ProviderSecrets> {
  const jwks = await loadOrCreate(db, 'jwks', async () => ({ keys: [await newSigningKey('ES256'), await newSigningKey('RS256')] }));
  const cookieKeys = await loadOrCreate(db, 'cookie-keys', async () => [randomBytes(32).toString('base64url')]);
  return { signingKeys: jwks.keys, cookieKeys };
}

/** The public half of the signing keys (what /oidc/jwks publishes). */
export function publicJwks(keys: JWK[]): { keys: JWK[] } {
  const privateMembers = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);
  return { keys: keys.map((key) => Object.fromEntries(Object.entries(key).filter(([member]) => !privateMembers.has(member))) as JWK) };
}
