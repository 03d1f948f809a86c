// Staff announcements: one notice per recipient (kind 'announcement'), and a record of what was sent.
import type { Announcement, AnnouncementRequest } from '@far/contracts';
import { desc } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { rule } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import { businessForActor, businessName, liveBusiness } from '../businesses';
import { notify } from '../notifications';
import { userIdsOf, userNames } from '../users';
import { announcements } from './schema';

const AUDIENCE_LABEL = { businesses: 'Todas las empresas', wallets: 'Todos los usuarios Wallet', business: 'Una empresa' } as const;

export async function announce(tx: Tx, actor: Actor, a: AnnouncementRequest): Promise<Announcement> {
  const business = a.Audience === 'business' ? await businessForActor(tx, actor, a.BusinessId, { field: 'BusinessId' }) : null;
  const ids = business ? await userIdsOf(tx, { client: business.v_client }) : await userIdsOf(tx, { kind: a.Audience === 'businesses' ? 'BUS' : 'WAL' });
  if (ids.length === 0) throw rule('No hay usuarios a quienes enviar el aviso');
  const [row] = await tx
    .insert(announcements)
    .values({
      v_audience: a.Audience,
      v_uid_business: business?.v_uid ?? null,
      v_title: a.Title,
      t_text: a.Text,
      i_recipients: ids.length,
      v_uid_author: actor.userId,
    })
    .returning();
  await notify(
    tx,
    ...ids.map((userId) => ({
      userId,
      kind: 'announcement' as const,
      title: a.Title,
      body: a.Text,
      link: '/notification',
      eventKey: row!.v_uid,
      data: { announcement: row!.v_uid, title: a.Title, text: a.Text },
    })),
  );
  const to = business ? businessName(business) : AUDIENCE_LABEL[a.Audience];
  await recordActivity(tx, {
    actor,
    section: 'Notificaciones',
    action: 'Agregar',
    activity: `Envió el aviso «${a.Title}» a ${to} (${ids.length} usuario(s))`,
    detail: { announcement: row!.v_uid },
  });
  return {
    v_uid: row!.v_uid,
    d_create_at: iso(row!.d_create_at)!,
    Audience: AUDIENCE_LABEL[a.Audience],
    BusinessName: business ? businessName(business) : null,
    Title: a.Title,
    Text: a.Text,
    Recipients: ids.length,
    Author: actor.name,
  };
}

/** The latest announcements, newest first (staff screen). */
export async function recentAnnouncements(db: DbOrTx, limit = 20): Promise<Announcement[]> {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.d_create_at)).limit(limit);
  const authors = await userNames(
    db,
    rows.flatMap((r) => (r.v_uid_author ? [r.v_uid_author] : [])),
  );
  const names = new Map<string, string>();
  for (const r of rows) {
    if (r.v_uid_business && !names.has(r.v_uid_business)) {
      const b = await liveBusiness(db, r.v_uid_business).catch(() => null);
      names.set(r.v_uid_business, b ? businessName(b) : '');
    }
  }
  return rows.map((r) => ({
    v_uid: r.v_uid,
    d_create_at: iso(r.d_create_at)!,
    Audience: AUDIENCE_LABEL[r.v_audience],
    BusinessName: r.v_uid_business ? (names.get(r.v_uid_business) ?? null) : null,
    Title: r.v_title,
    Text: r.t_text,
    Recipients: r.i_recipients,
    Author: r.v_uid_author ? (authors.get(r.v_uid_author)?.name ?? null) : null,
  }));
}
