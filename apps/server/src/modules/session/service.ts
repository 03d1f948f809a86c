import { ROLE_IDS, STATUS_IDS, attemptsRemainingText, statusName, type LegalVersion, type LoginResult } from '@far/contracts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, rule } from '../../platform/errors';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto';
import { hashSecret, verifySecret } from '../../platform/passwords';
import { ACCESS_TTL_SECONDS, signAccessToken, signIdToken } from '../../platform/tokens';
import { recordActivity } from '../audit';
import { acceptAtSignup } from '../cms';
import { notifyStaff } from '../notifications';
import { enqueueMessage } from '../outbox';
import { grantsForRole } from '../rbac';
import { codeWasIssued, consumeCode, issueCode, maskEmail, maskPhone, CODE_TTL_SECONDS, PIN_TRIES } from '../security';
import * as users from '../users';
import { sessions, unknownSignins } from './schema';

export const REFRESH_TTL_DAYS = 7;
/** Claims are signed by us, but a malformed id must not reach a uuid comparison as an error. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long after a rotation the previous refresh token still renews (concurrent tabs and reloads). */
const REFRESH_RACE_MS = 10_000;
const BLOCKED = new Set<string>([STATUS_IDS['activo-bloqueado'], STATUS_IDS['inactivo-bloqueado']]);
const DENIED = {
  credentials: 'Correo o contraseña incorrectos',
  blocked: 'Tu cuenta está bloqueada por exceder los intentos permitidos. Restablece tu contraseña o contacta a un administrador.',
  inactive: 'Tu cuenta no está activa. Contacta a un administrador.',
  pending: 'Tu registro no está completo. Termina el alta para iniciar sesión.',
  role: 'Tu rol está desactivado. Contacta a un administrador.',
} as const;

export interface SigninOutcome {
  status: number;
  result: LoginResult;
}

const denial = (status: number, reason: string, attempts: number): SigninOutcome => ({
  status,
  result: {
    AllowAccess: false,
    AvailableAtempts: attempts,
    DenialReason: reason,
    RoleId: null,
    ExpiresIn: 0,
    AccessToken: null,
    IdToken: null,
    RefreshToken: null,
    MustChangePassword: false,
  },
});

interface Ctx {
  db: Db;
  config: Config;
}

const USER_SCREENS = { FAR: '/user/techfar', BUS: '/user/business', WAL: '/user/wallet' } as const;

/** To staff: who was blocked, so they can help or look into it. */
const blockedNotice = (user: users.UserRow) => ({
  kind: 'user.blocked' as const,
  title: 'Usuario bloqueado por intentos fallidos',
  body: `${users.fullName(user)} (${user.v_email}, ${user.v_client}) quedó bloqueado al exceder los intentos de inicio de sesión.`,
  link: USER_SCREENS[users.kindOf(user)],
  eventKey: `${user.v_uid}:${Date.now()}`,
  data: { userId: user.v_uid, client: user.v_client, email: user.v_email },
});

/**
 * Sign-in. Every path verifies one argon2 hash, so an unknown e-mail, a wrong password and a
 * blocked account take the same time; an unknown e-mail also counts down like a real one.
 */
export async function signin(ctx: Ctx, input: { Email: string; Password: string; ip?: string; userAgent?: string }): Promise<SigninOutcome> {
  const user = await users.findUserByEmail(ctx.db, input.Email);
  const valid = await verifySecret(user?.v_password_hash, input.Password);
  if (!user || !user.v_password_hash) return unknownEmailFailure(ctx.db, input.Email);
  if (BLOCKED.has(user.v_uid_status)) return denial(403, DENIED.blocked, 0);
  if (!valid) {
    const after = await users.registerFailedSignin(ctx.db, user.v_uid);
    await recordActivity(ctx.db, {
      actor: { userId: user.v_uid, client: user.v_client },
      section: 'Sesión',
      action: 'Intento fallido',
      activity: `Contraseña incorrecta (${attemptsRemainingText(after.i_attemps)})`,
      ip: input.ip,
    });
    if (after.i_attemps === 0) {
      await ctx.db.transaction(async (tx) => {
        await recordActivity(tx, {
          actor: { userId: user.v_uid, client: user.v_client },
          section: 'Sesión',
          action: 'Bloquear',
          activity: 'Cuenta bloqueada por exceder los intentos de inicio de sesión',
          ip: input.ip,
        });
        await notifyStaff(tx, blockedNotice(user));
      });
      return denial(403, DENIED.blocked, 0);
    }
    return denial(401, DENIED.credentials, after.i_attemps);
  }
  if (user.v_uid_status === STATUS_IDS.pendiente) return denial(403, DENIED.pending, user.i_attemps);
  if (!users.canSignIn(user)) return denial(403, DENIED.inactive, user.i_attemps);
  const access = await grantsForRole(ctx.db, user.v_uid_role);
  if (!access?.role.i_active) return denial(403, DENIED.role, user.i_attemps);

  return ctx.db.transaction(async (tx) => {
    await users.updateUser(tx, user.v_uid, { i_attemps: users.MAX_SIGNIN_ATTEMPTS });
    const tokens = await openSession(tx, ctx.config, user, access.role.v_name, input);
    await recordActivity(tx, {
      actor: { userId: user.v_uid, client: user.v_client },
      section: 'Sesión',
      action: 'Iniciar sesión',
      activity: 'Inicio de sesión',
      ip: input.ip,
    });
    return { status: 200, result: { ...tokens, AvailableAtempts: users.MAX_SIGNIN_ATTEMPTS } };
  });
}

async function unknownEmailFailure(db: Db, email: string): Promise<SigninOutcome> {
  const key = sha256(`signin:${email.toLowerCase()}`);
  const [row] = await db
    .insert(unknownSignins)
    .values({ v_email_hash: key, i_attemps: users.MAX_SIGNIN_ATTEMPTS - 1 })
    .onConflictDoUpdate({ target: unknownSignins.v_email_hash, set: { i_attemps: sql`GREATEST(${unknownSignins.i_attemps} - 1, 0)`, d_update_at: new Date() } })
    .returning();
  const left = row?.i_attemps ?? 0;
  return left === 0 ? denial(403, DENIED.blocked, 0) : denial(401, DENIED.credentials, left);
}

async function openSession(db: DbOrTx, config: Config, user: users.UserRow, roleName: string, meta: { ip?: string; userAgent?: string }) {
  const secret = randomToken();
  const [session] = await db
    .insert(sessions)
    .values({
      v_uid_user: user.v_uid,
      v_refresh_hash: sha256(secret),
      d_expires_at: new Date(Date.now() + REFRESH_TTL_DAYS * 86_400_000),
      v_ip: meta.ip ?? null,
      v_user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning();
  return tokensFor(config, user, roleName, session!.v_uid, secret);
}

async function tokensFor(config: Config, user: users.UserRow, roleName: string, sid: string, secret: string): Promise<Omit<LoginResult, 'AvailableAtempts'>> {
  const kind = users.kindOf(user);
  return {
    AllowAccess: true,
    DenialReason: null,
    RoleId: user.v_uid_role,
    ExpiresIn: ACCESS_TTL_SECONDS,
    AccessToken: await signAccessToken(config, { sub: user.v_uid, sid, role: user.v_uid_role, kind }),
    IdToken: await signIdToken(config, {
      sub: user.v_uid,
      email: user.v_email,
      name: users.fullName(user),
      group: roleName,
      type: kind,
      roleId: user.v_uid_role,
    }),
    RefreshToken: `${sid}.${secret}`,
    MustChangePassword: user.b_must_change_password,
  };
}

/**
 * Rotates the refresh token. Presenting the previous token again means it was copied: the whole
 * session is revoked and both holders must sign in again.
 */
export async function refresh(ctx: Ctx, token: string): Promise<LoginResult> {
  const [sid, secret] = token.split('.');
  const invalid = new AppError('UNAUTHORIZED', 'Tu sesión expiró. Inicia sesión de nuevo.');
  if (!sid || !secret || !/^[0-9a-f-]{36}$/.test(sid)) throw invalid;
  return ctx.db
    .transaction(async (tx) => {
      const [s] = await tx.select().from(sessions).where(eq(sessions.v_uid, sid)).for('update');
      if (!s || s.d_revoked_at || s.d_expires_at <= new Date()) throw invalid;
      const presented = sha256(secret);
      // The previous token a moment after its rotation: two tabs, or a reload racing a renewal, sent
      // the same cookie. That one gets an access token and no new refresh token (the browser already
      // holds the newest); later, the previous token means a copy and revokes the session.
      const racing = !!s.v_previous_hash && safeEqual(presented, s.v_previous_hash) && Date.now() - s.d_update_at.getTime() < REFRESH_RACE_MS;
      if (!racing && !safeEqual(presented, s.v_refresh_hash)) {
        if (s.v_previous_hash && safeEqual(presented, s.v_previous_hash)) {
          await tx.update(sessions).set({ d_revoked_at: new Date() }).where(eq(sessions.v_uid, sid));
          await recordActivity(tx, {
            actor: { userId: s.v_uid_user, client: null },
            section: 'Sesión',
            action: 'Revocar',
            activity: 'Sesión revocada: se reutilizó un token de actualización anterior',
          });
          return 'reused' as const;
        }
        throw invalid;
      }
      const user = await users.getUser(tx, s.v_uid_user);
      const access = user ? await grantsForRole(tx, user.v_uid_role) : null;
      if (!user || !users.canSignIn(user) || !access?.role.i_active) throw invalid;
      if (racing) return { ...(await tokensFor(ctx.config, user, access.role.v_name, sid, secret)), RefreshToken: null, AvailableAtempts: user.i_attemps };
      const next = randomToken();
      await tx
        .update(sessions)
        .set({ v_previous_hash: s.v_refresh_hash, v_refresh_hash: sha256(next), d_update_at: new Date() })
        .where(eq(sessions.v_uid, sid));
      return { ...(await tokensFor(ctx.config, user, access.role.v_name, sid, next)), AvailableAtempts: user.i_attemps };
    })
    .then((r) => {
      if (r === 'reused') throw invalid;
      return r;
    });
}

export async function logout(db: Db, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ d_revoked_at: new Date() })
      .where(and(eq(sessions.v_uid, actor.sessionId), isNull(sessions.d_revoked_at)));
    await recordActivity(tx, { actor, section: 'Sesión', action: 'Cerrar sesión', activity: 'Cierre de sesión' });
  });
}

export async function revokeAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ d_revoked_at: new Date() })
    .where(and(eq(sessions.v_uid_user, userId), isNull(sessions.d_revoked_at)));
}

/**
 * Every authenticated request runs this one statement: the live session and its user (only the
 * columns the actor needs), the rbac_version that stamps the cached grants and the live business
 * of a business user (so a business-scoped list needs no query to find it). Named, so
 * PostgreSQL parses and plans it once per connection. A revoked session or a blocked user stops
 * at once: neither is cached.
 */
const ACTOR_SQL = `SELECT u.v_uid, u.v_email, u.v_names, u.v_last_name_1, u.v_last_name_2, u.v_uid_role, u.v_client,
  u.v_uid_status, u.b_must_change_password, (SELECT v.i_version FROM rbac_version v WHERE v.i_id = 1) AS rbac_version,
  (SELECT b.v_uid FROM businesses b WHERE b.v_client = u.v_client AND b.d_deleted_at IS NULL) AS business_id
FROM sessions s JOIN users u ON u.v_uid = s.v_uid_user
WHERE s.v_uid = $1 AND s.v_uid_user = $2 AND s.d_revoked_at IS NULL`;

type ActorRow = Pick<
  users.UserRow,
  'v_uid' | 'v_email' | 'v_names' | 'v_last_name_1' | 'v_last_name_2' | 'v_uid_role' | 'v_client' | 'v_uid_status' | 'b_must_change_password'
> & {
  rbac_version: number | null;
  business_id: string | null;
};

/** The session query alone, also run by bench/auth as its reference route. */
export const actorRow = async (database: Pick<Database, 'query'>, claims: { sub: string; sid: string }) =>
  (await database.query<ActorRow>('far_load_actor', ACTOR_SQL, [claims.sid, claims.sub]))[0];

export async function loadActor(database: Database, claims: { sub: string; sid: string }): Promise<Actor | null> {
  if (!UUID.test(claims.sid) || !UUID.test(claims.sub)) return null;
  const u = await actorRow(database, claims);
  if (!u || !users.canSignIn(u)) return null;
  const access = await grantsForRole(database.db, u.v_uid_role, u.rbac_version ?? 0);
  if (!access?.role.i_active) return null;
  return {
    userId: u.v_uid,
    sessionId: claims.sid,
    email: u.v_email,
    name: users.fullName(u),
    roleId: access.role.v_uid,
    roleName: access.role.v_name,
    isSuper: access.role.v_uid === ROLE_IDS.super,
    kind: users.kindOf(u),
    client: u.v_client,
    businessId: u.business_id,
    mustChangePassword: u.b_must_change_password,
    grants: access.grants,
    rbacVersion: u.rbac_version ?? 0,
  };
}

/**
 * The session statement's conditions as one boolean, for an actor the guard served from its cache
 * (decision 0030): the session not revoked, the user still able to sign in with the same role
 * (and no new temporary password to change), and the grants of the same rbac_version. The money command folds it into its claim of the key.
 */
export const actorStillLive = (actor: Actor): SQL =>
  sql`EXISTS (SELECT 1 FROM sessions s JOIN users u ON u.v_uid = s.v_uid_user
       WHERE s.v_uid = ${actor.sessionId}::uuid AND s.v_uid_user = ${actor.userId}::uuid AND s.d_revoked_at IS NULL
         AND u.v_uid_role = ${actor.roleId}::uuid AND u.b_must_change_password = ${actor.mustChangePassword}::boolean AND u.v_uid_status IN (${sql.join(
           users.CAN_SIGN_IN_STATUSES.map((st) => sql`${st}::uuid`),
           sql`, `,
         )})
         AND coalesce((SELECT v.i_version FROM rbac_version v WHERE v.i_id = 1), 0) = ${actor.rbacVersion ?? 0}::int)`;

// ---- password reset ----------------------------------------------------------------------------

const delivery = (medium: 'EMAIL' | 'SMS', destination: string) => ({
  CodeDeliveryDetails: { AttributeName: medium === 'EMAIL' ? 'email' : 'phone_number', DeliveryMedium: medium, Destination: destination },
  ExpiresIn: CODE_TTL_SECONDS,
});

/**
 * Same answer whether or not the e-mail has an account, also once the account has asked for too
 * many codes (an unknown e-mail never reaches that limit, so a 429 would tell them apart).
 */
export async function startPasswordReset(db: Db, email: string) {
  const user = await users.findUserByEmail(db, email);
  if (user && user.v_password_hash) {
    await db
      .transaction(async (tx) => {
        const code = await issueCode(tx, user.v_uid, 'password-reset');
        await enqueueMessage(tx, {
          channel: 'email',
          to: user.v_email,
          userId: user.v_uid,
          subject: 'Código para restablecer tu contraseña',
          body: `Hola ${user.v_names}:\n\nTu código para restablecer la contraseña de FAR Portal es ${code}. Vence en 5 minutos.\n\nSi no lo solicitaste, ignora este mensaje.`,
        });
        await recordActivity(tx, {
          actor: { userId: user.v_uid, client: user.v_client },
          section: 'Sesión',
          action: 'Restablecer contraseña',
          activity: 'Solicitó un código para restablecer su contraseña',
        });
      })
      .catch((err: unknown) => {
        if (!(err instanceof AppError && err.code === 'RATE_LIMIT')) throw err;
      });
  }
  return delivery('EMAIL', maskEmail(email));
}

/** Completing a reset also unblocks a user blocked by failed sign-ins. */
export async function confirmPasswordReset(db: Db, input: { Email: string; Code: string; Password: string }): Promise<void> {
  const user = await users.findUserByEmail(db, input.Email);
  if (!user || !user.v_password_hash) throw new AppError('BUSINESS_RULE', 'No hay un código vigente para esta operación. Solicita uno nuevo.');
  await consumeCode(db, user.v_uid, 'password-reset', input.Code);
  const hash = await hashSecret(input.Password);
  await db.transaction(async (tx) => {
    const wasBlocked = BLOCKED.has(user.v_uid_status);
    await users.updateUser(tx, user.v_uid, {
      v_password_hash: hash,
      b_must_change_password: false,
      i_attemps: users.MAX_SIGNIN_ATTEMPTS,
      ...(wasBlocked
        ? {
            v_uid_status: user.v_uid_status === STATUS_IDS['activo-bloqueado'] ? STATUS_IDS['activo-desbloqueado'] : STATUS_IDS['inactivo-desbloqueado'],
            d_unblocked_at: new Date(),
          }
        : {}),
    });
    await revokeAllSessions(tx, user.v_uid);
    await recordActivity(tx, {
      actor: { userId: user.v_uid, client: user.v_client },
      section: 'Sesión',
      action: 'Restablecer contraseña',
      activity: wasBlocked ? 'Restableció su contraseña y se desbloqueó su cuenta' : 'Restableció su contraseña',
    });
  });
}

export async function changePassword(db: Db, actor: Actor, input: { CurrentPassword: string; NewPassword: string }): Promise<void> {
  const user = (await users.getUser(db, actor.userId))!;
  if (!(await verifySecret(user.v_password_hash, input.CurrentPassword))) {
    // Counted like a failed sign-in: a stolen access token must not allow unlimited guessing.
    const after = await users.registerFailedSignin(db, user.v_uid);
    await recordActivity(db, {
      actor,
      section: 'Perfil',
      action: 'Intento fallido',
      activity: `Contraseña actual incorrecta (${attemptsRemainingText(after.i_attemps)})`,
    });
    if (after.i_attemps === 0) await revokeAllSessions(db, user.v_uid);
    throw new AppError('VALIDATION', 'La contraseña actual no es correcta', {
      errors: [{ field: 'CurrentPassword', key: 'password', message: 'La contraseña actual no es correcta' }],
    });
  }
  if (input.CurrentPassword === input.NewPassword)
    throw new AppError('VALIDATION', 'La nueva contraseña debe ser distinta de la actual', {
      errors: [{ field: 'NewPassword', key: 'password', message: 'La nueva contraseña debe ser distinta de la actual' }],
    });
  const hash = await hashSecret(input.NewPassword);
  await db.transaction(async (tx) => {
    await users.updateUser(tx, user.v_uid, { v_password_hash: hash, b_must_change_password: false });
    // Other sessions end; this one stays so the person is not thrown out mid-task.
    await tx
      .update(sessions)
      .set({ d_revoked_at: new Date() })
      .where(and(eq(sessions.v_uid_user, user.v_uid), isNull(sessions.d_revoked_at), sql`${sessions.v_uid} <> ${actor.sessionId}`));
    await recordActivity(tx, { actor, section: 'Perfil', action: 'Editar', activity: 'Cambió su contraseña' });
  });
}

// ---- wallet sign-up: Token/Resend -> Token/Validate -> VerificationCode -> Password --------------

/**
 * The registration an e-mail is in. An address that already has an account answers every step as
 * a registration would (no one learns which e-mails have accounts, issue 7 §5): once step 1 was
 * called with it, it is a "shadow" registration whose e-mail code went to no one — step 2 checks
 * that code like any other (so a wrong one gets the same message and uses up the same tries) and
 * changes nothing, and steps 3 and 4 answer as for an e-mail not yet confirmed. Before step 1, it
 * answers like an unknown address. The account itself never changes.
 */
async function walletSignup(db: DbOrTx, email: string): Promise<{ user: users.UserRow; shadow: boolean }> {
  const user = await users.findUserByEmail(db, email);
  if (user && user.v_uid_status === STATUS_IDS.pendiente && users.kindOf(user) === 'WAL') return { user, shadow: false };
  if (user && user.v_uid_status !== STATUS_IDS.pendiente && (await codeWasIssued(db, user.v_uid, 'signup-email'))) return { user, shadow: true };
  throw rule('No hay un registro en curso para ese correo. Comienza el alta de nuevo.');
}

/** Steps 3 and 4 need a confirmed e-mail; a shadow registration never has one. */
async function confirmedSignup(db: DbOrTx, email: string) {
  const { user, shadow } = await walletSignup(db, email);
  if (shadow || !user.d_email_verified_at) throw rule('Primero confirma tu correo electrónico.');
  return user;
}

export async function signupStart(
  db: Db,
  input: { Email: string; Names: string; LastName1: string; LastName2?: string; CellPhone: string; PhoneCode: string; Legal: LegalVersion[] },
  ip?: string,
) {
  return db.transaction(async (tx) => {
    let user = await users.findUserByEmail(tx, input.Email);
    const existing = user && user.v_uid_status !== STATUS_IDS.pendiente;
    // Checked the same way for an e-mail that already has an account; only a real registration records the tick.
    if (existing) await acceptAtSignup(tx, null, input.Legal, ip);
    // An address that already has an account gets the same answer as a new one (no one learns
    // which e-mails have accounts); its owner is told by e-mail instead. The code is issued (same
    // limits, same rows) but sent to no one: the later steps check it (walletSignup).
    if (user && existing) {
      await issueCode(tx, user.v_uid, 'signup-email');
      await enqueueMessage(tx, {
        channel: 'email',
        to: user.v_email,
        userId: user.v_uid,
        subject: 'Intento de registro con tu correo',
        body: `Hola ${user.v_names}:\n\nAlguien intentó crear una cuenta de FAR Wallet con este correo, que ya tiene una cuenta. Si fuiste tú, inicia sesión o restablece tu contraseña. Si no, ignora este mensaje: tu cuenta no cambió.`,
      });
      await recordActivity(tx, {
        actor: { userId: user.v_uid, client: user.v_client },
        section: 'Alta Wallet',
        action: 'Intento fallido',
        activity: 'Intento de registro con un correo que ya tiene cuenta',
      });
      return delivery('EMAIL', maskEmail(user.v_email));
    }
    const data = {
      v_names: input.Names,
      v_last_name_1: input.LastName1,
      v_last_name_2: input.LastName2 || null,
      v_cell_phone: input.CellPhone,
      v_phone_code: input.PhoneCode,
    };
    if (user) user = await users.updateUser(tx, user.v_uid, { ...data, d_email_verified_at: null, d_phone_verified_at: null });
    else {
      user = await users.insertUser(tx, {
        ...data,
        v_email: input.Email,
        v_client: await users.nextClientNumber(tx, 'WAL'),
        v_uid_role: ROLE_IDS.wallet,
        v_uid_status: STATUS_IDS.pendiente,
      });
    }
    await acceptAtSignup(tx, user.v_uid, input.Legal, ip);
    const code = await issueCode(tx, user.v_uid, 'signup-email');
    await enqueueMessage(tx, {
      channel: 'email',
      to: user.v_email,
      userId: user.v_uid,
      subject: 'Confirma tu correo de FAR Wallet',
      body: `Hola ${user.v_names}:\n\nTu código para confirmar tu correo es ${code}. Vence en 5 minutos.`,
    });
    await recordActivity(tx, {
      actor: { userId: user.v_uid, client: user.v_client },
      section: 'Alta Wallet',
      action: 'Agregar',
      activity: 'Inició su registro como usuario Wallet',
    });
    return delivery('EMAIL', maskEmail(user.v_email));
  });
}

export async function signupValidateEmail(db: Db, input: { Email: string; Token: string }) {
  const { user, shadow } = await walletSignup(db, input.Email);
  await consumeCode(db, user.v_uid, 'signup-email', input.Token);
  if (!shadow) await users.updateUser(db, user.v_uid, { d_email_verified_at: new Date() });
}

export async function signupSendPhoneCode(db: Db, input: { Email: string }) {
  const user = await confirmedSignup(db, input.Email);
  return db.transaction(async (tx) => {
    const code = await issueCode(tx, user.v_uid, 'signup-phone');
    const phone = `${user.v_phone_code}${user.v_cell_phone ?? ''}`;
    await enqueueMessage(tx, {
      channel: 'sms',
      to: phone,
      userId: user.v_uid,
      subject: 'Código de verificación',
      body: `FAR Wallet: tu código de verificación es ${code}. Vence en 5 minutos.`,
    });
    return delivery('SMS', maskPhone(user.v_cell_phone ?? ''));
  });
}

export async function signupSetPassword(db: Db, input: { Email: string; Code: string; Password: string }) {
  const user = await confirmedSignup(db, input.Email);
  await consumeCode(db, user.v_uid, 'signup-phone', input.Code);
  const hash = await hashSecret(input.Password);
  await db.transaction(async (tx) => {
    const now = new Date();
    await users.updateUser(tx, user.v_uid, {
      v_password_hash: hash,
      v_uid_status: STATUS_IDS.activo,
      d_activation_at: now,
      d_phone_verified_at: now,
      i_attemps: users.MAX_SIGNIN_ATTEMPTS,
    });
    await recordActivity(tx, {
      actor: { userId: user.v_uid, client: user.v_client },
      section: 'Alta Wallet',
      action: 'Activar',
      activity: 'Completó su registro como usuario Wallet',
    });
  });
}

// ---- PIN -------------------------------------------------------------------------------------------

/** Setting a PIN the first time needs only the session; changing one needs a security code. */
export async function setPin(db: Db, actor: Actor, input: { Pin: string; Code?: string }) {
  const user = (await users.getUser(db, actor.userId))!;
  if (user.v_pin_hash) {
    if (!input.Code)
      throw new AppError('VALIDATION', 'Para cambiar tu NIP ingresa el código de seguridad que te enviamos', {
        errors: [{ field: 'Code', key: 'required', message: 'Este campo es requerido' }],
      });
    await consumeCode(db, actor.userId, 'pin', input.Code);
  }
  const hash = await hashSecret(input.Pin);
  await db.transaction(async (tx) => {
    await users.updateUser(tx, actor.userId, { v_pin_hash: hash, i_pin_attempts: PIN_TRIES });
    await recordActivity(tx, { actor, section: 'Perfil', action: 'Editar', activity: user.v_pin_hash ? 'Cambió su NIP' : 'Configuró su NIP' });
  });
}

export async function statusByEmail(db: Db, actor: Actor, email: string) {
  if (actor.kind !== 'FAR' && email.toLowerCase() !== actor.email.toLowerCase()) throw new AppError('FORBIDDEN');
  const user = await users.findUserByEmail(db, email);
  if (!user) throw new AppError('NOT_FOUND', 'No existe un usuario con ese correo electrónico');
  return { Email: user.v_email, Status: statusName(user.v_uid_status) ?? 'desconocido' };
}
