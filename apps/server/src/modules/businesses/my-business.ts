/**
 * A business user's /profile: the business they belong to (a persona moral's company data, a
 * persona física's own), and the rule that a persona moral's users give themselves no last names
 * or birth date (§3). Session owns PUT /account/me but cannot import this module (this module
 * imports session), so businesses adds the rule to session's profileRules in its register.
 */
import { MORAL_PROFILE_MESSAGES, type MyBusiness, type UpdateMeBody } from '@far/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { legalRepresentatives } from './schema';
import { businessByClient, businessIdentity, isMoral } from './service';

export async function myBusiness(db: DbOrTx, actor: Actor): Promise<MyBusiness> {
  const b = await businessByClient(db, actor.client);
  if (!b) throw notFound('La empresa no existe');
  const [rep] = isMoral(b) ? await db.select().from(legalRepresentatives).where(eq(legalRepresentatives.v_uid_business, b.v_uid)) : [];
  return {
    ...businessIdentity(b),
    IsMoral: isMoral(b),
    LegalRepresentative: rep ? { Name: [rep.v_names, rep.v_last_name_1, rep.v_last_name_2].filter(Boolean).join(' '), Email: rep.v_email } : null,
  };
}

const given = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/** Refuses last names and a birth date in a persona moral's user profile, each beside its field. */
export async function moralProfileRule(db: DbOrTx, actor: Actor, body: z.output<typeof UpdateMeBody>): Promise<void> {
  if (actor.kind !== 'BUS') return;
  const b = await businessByClient(db, actor.client);
  if (!b || !isMoral(b)) return;
  const errors = [
    ...(['v_last_name_1', 'v_last_name_2'] as const)
      .filter((f) => given(body[f]))
      .map((field) => ({ field, key: 'moral', message: MORAL_PROFILE_MESSAGES.lastName })),
    ...(given(body.d_birthdate_at) ? [{ field: 'd_birthdate_at', key: 'moral', message: MORAL_PROFILE_MESSAGES.birthdate }] : []),
  ];
  if (errors.length > 0) throw new AppError('VALIDATION', errors[0]!.message, { errors });
}
