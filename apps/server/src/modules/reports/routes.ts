import { IdParam, ReportDownloadBody, ReportKindOut, ReportQueryBody, ReportSchedule, ReportScheduleBody, ReportSummary, answer } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { registerJobHandler } from '../jobs';
import * as svc from './service';

const tags = ['Reportes'];
const base = '/api/v1/reports';
const READ = {
  access: {
    FAR: { menu: '/report', permission: 'Ver' as const },
    BUS: { menu: '/report', permission: 'Ver' as const },
    note: 'users, businesses and commissions: staff only',
  },
};

/** /api/v1/reports: the kinds, the period's figures, the streamed file, and reports by e-mail. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const now = () => app.ctx.now();
  registerJobHandler(svc.SCHEDULE_JOB, svc.runSchedule);

  app.get(
    `${base}/kinds`,
    {
      config: READ,
      schema: { tags, summary: 'Reportes que el usuario puede pedir, con sus filtros de estatus', response: { 200: answer(z.array(ReportKindOut)) } },
    },
    async (req) => ok(svc.kindsFor(actorOf(req)).map((k) => ({ ...k, Statuses: [...k.Statuses] }))),
  );

  app.post(
    `${base}/summary`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Cifras del periodo para las gráficas (días de la Ciudad de México)',
        body: ReportQueryBody,
        response: { 200: answer(ReportSummary) },
      },
    },
    async (req) => {
      const q = await svc.requestFor(db, actorOf(req), req.body, now());
      return ok(await svc.reportFigures(db, req.body.Kind, q));
    },
  );

  app.post(
    `${base}/download`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Descargar un reporte en CSV o XLSX (se transmite por partes: cualquier tamaño en memoria constante)',
        body: ReportDownloadBody,
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const q = await svc.requestFor(db, actor, req.body, now());
      await db.transaction((tx) => svc.auditDownload(tx, actor, req.body.Kind, req.body.Format, q));
      const file = svc.streamReport(db, req.body.Kind, q, req.body.Format);
      return reply
        .header('content-type', file.mediaType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.get(
    `${base}/schedules`,
    { config: READ, schema: { tags, summary: 'Mis reportes programados', response: { 200: answer(z.array(ReportSchedule)) } } },
    async (req) => ok(await svc.listSchedules(db, actorOf(req))),
  );

  app.post(
    `${base}/schedules`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Recibir un reporte por correo cada día (el día anterior) o cada mes (el mes anterior)',
        body: ReportScheduleBody,
        response: { 200: answer(ReportSchedule) },
      },
    },
    async (req) => ok(await db.transaction((tx) => svc.createSchedule(tx, actorOf(req), req.body, now())), 'Reporte programado'),
  );

  app.post(
    `${base}/schedules/delete/:id`,
    { config: READ, schema: { tags, summary: 'Dejar de recibir un reporte programado', params: IdParam, response: { 200: answer(ReportSchedule) } } },
    async (req) => ok(await db.transaction((tx) => svc.deleteSchedule(tx, actorOf(req), req.params.id)), 'Reporte programado eliminado'),
  );
};
