import { answer } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/guard';
import { iso, ok } from '../../platform/reply';
import { activityByDay, incidentsToday, listActivity } from '../audit';
import * as businesses from '../businesses';
import * as users from '../users';

/** Real figures per client kind; each kind sees only what is its own. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const names = (ids: string[]) => users.userNames(db, ids);

  app.get(
    '/api/v1/dashboard/summary',
    {
      config: { access: { FAR: { menu: '/dashboard', permission: 'Ver' }, BUS: { menu: '/dashboard', permission: 'Ver' }, WAL: 'any' } },
      schema: { tags: ['Dashboard'], summary: 'Cifras del tablero según el tipo de cliente', response: { 200: answer(z.record(z.string(), z.unknown())) } },
    },
    async (req) => {
      const actor = actorOf(req);
      if (actor.kind === 'FAR') {
        const [byKind, incidents, days, latest] = await Promise.all([
          users.usersByKindAndStatus(db),
          incidentsToday(db),
          activityByDay(db, 14),
          listActivity(db, { page: 1, perPage: 10 }, names),
        ]);
        const totals = { FAR: 0, BUS: 0, WAL: 0 };
        for (const r of byKind) totals[r.kind] += r.total;
        return ok({
          kind: 'FAR',
          totals,
          usersByKindAndStatus: byKind,
          blockedUsers: byKind.filter((r) => r.status.endsWith('-bloqueado')).reduce((a, r) => a + r.total, 0),
          incidentsToday: incidents,
          activityByDay: days,
          latestActivity: latest.items,
        });
      }
      const latest = await listActivity(db, { page: 1, perPage: 10, client: actor.client }, names);
      if (actor.kind === 'BUS') {
        const byStatus = (await users.usersByKindAndStatus(db, actor.client)).map(({ status, total }) => ({ status, total }));
        const business = await businesses.businessByClient(db, actor.client);
        return ok({
          kind: 'BUS',
          business: {
            v_client: actor.client,
            v_names: business ? businesses.businessName(business) : actor.name,
            AccountNumber: business?.v_account_number ?? null,
          },
          usersByStatus: byStatus,
          activityByDay: await activityByDay(db, 14, actor.client),
          latestActivity: latest.items,
        });
      }
      const me = (await users.getUser(db, actor.userId))!;
      // A wallet user shares no tenant: only their own entries.
      const own = latest.items.filter((i) => i.v_uid_user === actor.userId);
      return ok({ kind: 'WAL', user: { v_names: me.v_names, d_activation_at: iso(me.d_activation_at) }, latestActivity: own });
    },
  );
};
