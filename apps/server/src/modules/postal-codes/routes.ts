import { POSTAL_IMPORT_MAX_MB, PostalCodeInfo, PostalImportJob, answer, Uuid } from '@far/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { readSingleUpload } from '../../platform/upload';
import * as postal from './service';

const tags = ['Códigos postales'];
const STAFF = '/user/business';

/** Work happens after the answer; a failure is recorded on the job and logged, never lost. */
const kick = (db: Db, id: string, log: FastifyBaseLogger) => {
  void postal.processImport(db, id).catch((err) => log.error({ err, job: id }, 'postal code import failed'));
};

export const postalCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/api/v1/postal-code/:code',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Colonias, municipio, ciudad y estado de un código postal',
        params: z.object({ code: z.string().regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos') }),
        response: { 200: answer(PostalCodeInfo) },
      },
    },
    async (req) => {
      const info = await postal.lookupPostalCode(db, req.params.code);
      if (!info) throw new AppError('NOT_FOUND_LOOKUP');
      return ok(info);
    },
  );

  app.post(
    '/api/v1/postal-code/import',
    {
      config: { access: { FAR: { menu: STAFF, permission: 'Agregar' } } },
      schema: {
        tags,
        summary: `Importar CPdescarga.txt de SEPOMEX (multipart, campo file; ≤ ${POSTAL_IMPORT_MAX_MB} MB). Responde con el trabajo; consulta su avance.`,
        consumes: ['multipart/form-data'],
        response: { 200: answer(PostalImportJob) },
      },
    },
    async (req) => {
      const upload = await readSingleUpload(req, POSTAL_IMPORT_MAX_MB * 1024 * 1024, `No debe pesar más de ${POSTAL_IMPORT_MAX_MB}MB`);
      if (!upload.filename.toLowerCase().endsWith('.txt')) {
        throw new AppError('VALIDATION', 'Archivo no válido, solo se aceptan archivos .txt', {
          errors: [{ field: 'file', key: 'accept', message: 'Archivo no válido, solo se aceptan archivos .txt' }],
        });
      }
      // The whole file is checked first: a bad line refuses it and nothing is written.
      const records = postal.parseSepomex(upload.content);
      const job = await db.transaction((tx) => postal.startImport(tx, actorOf(req), { name: upload.filename, content: upload.content, records }));
      kick(db, job.Id, req.log);
      return ok(job, 'Importación iniciada');
    },
  );

  app.get(
    '/api/v1/postal-code/import',
    {
      config: { access: { FAR: { menu: STAFF, permission: 'Ver' } } },
      schema: { tags, summary: 'Últimas 20 importaciones', response: { 200: answer(z.array(PostalImportJob)) } },
    },
    async () => ok(await postal.listImports(db)),
  );

  app.get(
    '/api/v1/postal-code/import/:id',
    {
      config: { access: { FAR: { menu: STAFF, permission: 'Ver' } } },
      schema: {
        tags,
        summary: 'Avance de una importación (Processed de Total); reanuda una interrumpida',
        params: z.object({ id: Uuid }),
        response: { 200: answer(PostalImportJob) },
      },
    },
    async (req) => {
      const job = await postal.getImport(db, req.params.id);
      if (postal.needsWork(job, await postal.heartbeatOf(db, job.Id))) kick(db, job.Id, req.log);
      return ok(job);
    },
  );
};
