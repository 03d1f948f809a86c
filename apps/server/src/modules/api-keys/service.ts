/**
 * API keys of a business (issue 25 §1, docs/decisions/0027): `far_sk_` + 40 random base64url
 * characters; only the SHA-256 is stored, with the first characters for the look-up. A key acts
 * as its business within its scopes; a rotation keeps the previous secret working for 24 h.
 */
import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, MENU_SEED, type ApiKey, type ApiKeyScope, type PermissionName } from '@far/contracts';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { sha256, safeEqual } from '../../platform/crypto';
import { notFound, rule } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import { businessByClient, businessForActor } from '../businesses';
import { apiKeys } from './schema';

export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
/** A key (and each rotation) is valid for a year; then the business rotates it or creates another. */
const VALID_MS = 365 * 86_400_000;
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
const SECTION = 'Claves de API';

type KeyRow = typeof apiKeys.$inferSelect;

const newSecret = () => {
  const key = `${API_KEY_PREFIX}${randomBytes(30).toString('base64url')}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: sha256(key) };
};

const keyOut = (r: KeyRow, key?: string): ApiKey => ({
  v_uid: r.v_uid,
  Name: r.v_name,
  Scopes: r.v_scopes as ApiKeyScope[],
  Prefix: r.v_prefix,
  d_create_at: iso(r.d_create_at)!,
  LastUsedAt: iso(r.d_last_used_at),
  ExpiresAt: iso(r.d_expires_at)!,
  PreviousValidUntil: iso(r.d_previous_until),
  RevokedAt: iso(r.d_revoked_at),
  CreatedBy: r.v_creator_name,
  ...(key ? { Key: key } : {}),
});

export async function listKeys(db: DbOrTx, actor: Actor, businessId?: string): Promise<ApiKey[]> {
  const business = await businessForActor(db, actor, businessId, { field: 'BusinessId' });
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.v_client, business.v_client)).orderBy(desc(apiKeys.d_create_at));
  return rows.map((r) => keyOut(r));
}

/** The key if the caller's tenant owns it (staff reach every business's); else 404. */
export async function keyFor(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<KeyRow> {
  const q = db.select().from(apiKeys).where(eq(apiKeys.v_uid, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row || (actor.kind !== 'FAR' && row.v_client !== actor.client)) throw notFound('Clave de API no encontrada');
  return row;
}

/** Creates a key for the caller's business (the security code was checked by the route). The answer carries the key, once. */
export async function createKey(tx: Tx, actor: Actor, input: { Name: string; Scopes: ApiKeyScope[] }, now: Date): Promise<ApiKey> {
  const business = await businessForActor(tx, actor, undefined);
  const secret = newSecret();
  const [row] = await tx
    .insert(apiKeys)
    .values({
      v_client: business.v_client,
      v_uid_business: business.v_uid,
      v_name: input.Name,
      v_scopes: [...new Set(input.Scopes)],
      v_prefix: secret.prefix,
      v_hash: secret.hash,
      v_uid_creator: actor.userId,
      v_creator_name: actor.name,
      d_expires_at: new Date(now.getTime() + VALID_MS),
    })
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `Creó la clave de API «${input.Name}» (${secret.prefix}…)`,
    detail: { key: row!.v_uid, scopes: row!.v_scopes },
  });
  return keyOut(row!, secret.key);
}

/** A new secret; the previous one keeps working for 24 h (a second rotation ends the first one's overlap). */
export async function rotateKey(tx: Tx, actor: Actor, id: string, now: Date): Promise<ApiKey> {
  const row = await keyFor(tx, actor, id, true);
  if (row.d_revoked_at) throw rule('La clave de API está revocada');
  const secret = newSecret();
  const [updated] = await tx
    .update(apiKeys)
    .set({
      v_prefix: secret.prefix,
      v_hash: secret.hash,
      v_previous_prefix: row.v_prefix,
      v_previous_hash: row.v_hash,
      d_previous_until: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      d_expires_at: new Date(now.getTime() + VALID_MS),
      d_update_at: sql`now()`,
    })
    .where(eq(apiKeys.v_uid, id))
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Editar',
    activity: `Renovó la clave de API «${row.v_name}» (${secret.prefix}…); la anterior funciona 24 h`,
    detail: { key: id },
  });
  return keyOut(updated!, secret.key);
}

/** Stops the key at once, the previous secret of a rotation too. Business admins revoke their own; staff any. */
export async function revokeKey(tx: Tx, actor: Actor, id: string, now: Date): Promise<ApiKey> {
  const row = await keyFor(tx, actor, id, true);
  if (row.d_revoked_at) return keyOut(row);
  const [updated] = await tx
    .update(apiKeys)
    .set({ d_revoked_at: now, d_previous_until: null, d_update_at: sql`now()` })
    .where(eq(apiKeys.v_uid, id))
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Borrar',
    activity: `Revocó la clave de API «${row.v_name}» (${row.v_prefix}…)`,
    detail: { key: id, business: row.v_uid_business },
  });
  return keyOut(updated!);
}

/** Every business screen with every permission: what a key may do is decided by its scopes (scopes.ts). */
const KEY_GRANTS = new Map(MENU_SEED.filter((e) => e.v_client_prefix.includes('BUS')).map((e) => [e.v_url, new Set<PermissionName>(e.v_permissions)]));

/**
 * The actor a presented key acts as, or null: unknown, revoked, expired, a previous secret past
 * its 24 h, or a business that no longer exists. It acts for its business, accountable to the
 * admin who created it (userId), under the key's name.
 */
export async function loadKeyActor(db: DbOrTx, key: string, now: Date): Promise<Actor | null> {
  const prefix = key.slice(0, PREFIX_LENGTH);
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(or(eq(apiKeys.v_prefix, prefix), eq(apiKeys.v_previous_prefix, prefix)), isNull(apiKeys.d_revoked_at)))
    .limit(1);
  if (!row || row.d_expires_at <= now) return null;
  const hash = sha256(key);
  const current = row.v_prefix === prefix && safeEqual(row.v_hash, hash);
  const previous =
    row.v_previous_prefix === prefix && !!row.v_previous_hash && safeEqual(row.v_previous_hash, hash) && !!row.d_previous_until && row.d_previous_until > now;
  if (!current && !previous) return null;
  const business = await businessByClient(db, row.v_client);
  if (!business) return null;
  const name = `Clave de API «${row.v_name}»`;
  return {
    userId: row.v_uid_creator,
    sessionId: row.v_uid,
    email: name,
    name,
    roleId: '',
    roleName: 'Clave de API',
    isSuper: false,
    kind: 'BUS',
    client: row.v_client,
    businessId: business.v_uid,
    mustChangePassword: false,
    grants: KEY_GRANTS,
    apiKey: { id: row.v_uid, name: row.v_name, prefix: row.v_prefix, scopes: row.v_scopes },
  };
}

/** Every call a key makes: its audit entry (with the key's name) and its last use. */
export async function recordKeyCall(db: DbOrTx, actor: Actor, call: { method: string; url: string; status: number; ip: string }): Promise<void> {
  const key = actor.apiKey!;
  await db
    .update(apiKeys)
    .set({ d_last_used_at: sql`now()` })
    .where(eq(apiKeys.v_uid, key.id));
  await recordActivity(db, {
    actor,
    section: SECTION,
    action: call.method === 'GET' ? 'Ver' : 'Editar',
    activity: `Clave de API «${key.name}»: ${call.method} ${call.url} → ${call.status}`,
    detail: { key: key.id, prefix: key.prefix, method: call.method, url: call.url, status: call.status },
    ip: call.ip,
  });
}
