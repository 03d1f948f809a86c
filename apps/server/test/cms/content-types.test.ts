import { CMS_SECTION_IDS, SYSTEM_CONTENT_TYPES, TUTORIAL_DEFINITION } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, SUPER, TECHFAR, WALLET, createTestApp, type TestApp } from '../helpers';
import { refused } from '../people';
import { cmsRows, create, imageUrl, typeId } from './cms';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const custom = {
  fields: [{ field: 'title', label: 'Título', control: 'text', validators: { required: true, maxlength: 10 }, messagesError: { maxlength: 'Máximo 10' } }],
};

describe('content types', () => {
  it('lists the three seeded types with their definitions, word for word', async () => {
    const res = await t.call(TECHFAR, { method: 'GET', url: '/api/cms/content-type/getall' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Array<{ v_uid: string; v_system_name: string; t_json: unknown; v_uid_section: string; Section: string }>;
    for (const seeded of SYSTEM_CONTENT_TYPES) {
      expect(list.find((x) => x.v_uid === seeded.v_uid)).toMatchObject({
        v_system_name: seeded.v_system_name,
        t_json: seeded.t_json,
        v_uid_section: CMS_SECTION_IDS.business,
        Section: 'business',
      });
    }
    const one = await t.call(SUPER, { method: 'GET', url: `/api/cms/content-type/${typeId('tutorial')}` });
    expect(one.json().data.t_json).toEqual(TUTORIAL_DEFINITION);
  });

  it('creates, edits and deletes a staff type; its form validates contents at once', async () => {
    const res = await t.call(SUPER, {
      method: 'POST',
      url: '/api/cms/content-type',
      payload: { v_name: 'Avisos', v_uid_section: 'wallet', t_json: JSON.stringify(custom) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.v_uid as string;
    expect(res.json().data).toMatchObject({
      v_name: 'Avisos',
      v_uid_section: CMS_SECTION_IDS.wallet,
      Section: 'wallet',
      v_system_name: null,
      i_contents: 0,
      t_json: custom,
    });

    const bad = await t.call(SUPER, {
      method: 'POST',
      url: '/api/cms/content',
      payload: { v_uid_content_type: id, v_name: 'Aviso', t_json: { title: 'x'.repeat(11) } },
    });
    expect(refused(bad, 400, 'Máximo 10').errors).toEqual([{ field: 't_json.title', key: 'maxlength', message: 'Máximo 10' }]);
    const made = await create(t, { v_uid_content_type: id, v_name: 'Aviso', t_json: { title: 'Hola' } });
    expect(made.t_json).toEqual({ title: 'Hola' });

    const put = await t.call(SUPER, {
      method: 'PUT',
      url: `/api/cms/content-type/${id}`,
      payload: { v_name: 'Avisos Wallet', v_uid_section: CMS_SECTION_IDS.wallet, t_json: custom },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ v_name: 'Avisos Wallet', i_contents: 1 });

    refused(await t.call(SUPER, { method: 'DELETE', url: `/api/cms/content-type/${id}` }), 409, 'El tipo de contenido tiene contenidos; elimínalos primero');
    const other = await t.call(SUPER, { method: 'POST', url: '/api/cms/content-type', payload: { v_name: 'Borrable', t_json: custom } });
    const del = await t.call(SUPER, { method: 'DELETE', url: `/api/cms/content-type/${other.json().data.v_uid}` });
    expect(del.statusCode).toBe(200);
    refused(await t.call(SUPER, { method: 'GET', url: `/api/cms/content-type/${other.json().data.v_uid}` }), 404, 'Tipo de contenido no encontrado');
  });

  it.each([
    ['not JSON', '{ "fields": [', 'La definición no es un JSON válido'],
    ['an unknown validator', { fields: [{ field: 'a', label: 'A', control: 'text', validators: { maxLen: 3 } }] }, 'Validador desconocido: maxLen'],
    [
      'an unknown control',
      { fields: [{ field: 'a', label: 'A', control: 'slider' }] },
      'Control no válido: usa text, textarea, url, select, image, richtext, group',
    ],
    ['no fields', { fields: [] }, 'La definición necesita al menos un campo'],
  ])('refuses a definition with %s (400, nothing written)', async (_what, t_json, message) => {
    const before = await cmsRows(t);
    refused(await t.call(SUPER, { method: 'POST', url: '/api/cms/content-type', payload: { v_name: 'Mala', t_json } }), 400, message);
    refused(
      await t.call(SUPER, { method: 'PUT', url: `/api/cms/content-type/${typeId('faq')}`, payload: { v_name: 'Preguntas frecuentes', t_json } }),
      400,
      message,
    );
    expect(await cmsRows(t)).toEqual(before);
  });

  it('refuses a repeated name, a bad section, and deleting a system type', async () => {
    refused(
      await t.call(SUPER, { method: 'POST', url: '/api/cms/content-type', payload: { v_name: 'tutorial', t_json: custom } }),
      409,
      'Ya existe un tipo de contenido con ese nombre',
    );
    refused(await t.call(SUPER, { method: 'POST', url: '/api/cms/content-type', payload: { v_name: 'Otro', v_uid_section: 'staff', t_json: custom } }), 400);
    refused(
      await t.call(SUPER, { method: 'DELETE', url: `/api/cms/content-type/${typeId('legal')}` }),
      422,
      'Los tipos de contenido del sistema no se pueden eliminar',
    );
  });

  it('refuses business and wallet users on every staff call (403, nothing written)', async () => {
    const icon = await imageUrl(t);
    const before = await cmsRows(t);
    for (const who of [BUSINESS, WALLET]) {
      refused(await t.call(who, { method: 'GET', url: '/api/cms/content-type/getall' }), 403);
      refused(await t.call(who, { method: 'GET', url: `/api/cms/content-type/${typeId('faq')}` }), 403);
      refused(await t.call(who, { method: 'POST', url: '/api/cms/content-type', payload: { v_name: 'X', t_json: custom } }), 403);
      refused(await t.call(who, { method: 'PUT', url: `/api/cms/content-type/${typeId('faq')}`, payload: { v_name: 'X', t_json: custom } }), 403);
      refused(await t.call(who, { method: 'DELETE', url: `/api/cms/content-type/${typeId('faq')}` }), 403);
      refused(
        await t.call(who, {
          method: 'POST',
          url: '/api/cms/content',
          payload: { v_uid_content_type: typeId('legal'), v_name: 'X', t_json: { content: '<p>hola</p>' } },
        }),
        403,
      );
      refused(await t.call(who, { method: 'GET', url: '/api/cms/content/getall' }), 403);
      refused(await t.call(who, { method: 'POST', url: '/api/cms/content/bulk-action', payload: { Action: 'publicar', Ids: [typeId('faq')] } }), 403);
      refused(await t.call(who, { method: 'POST', url: '/api/cms/content/reorder', payload: { Ids: [typeId('faq')] } }), 403);
    }
    refused(await t.call(null, { method: 'GET', url: '/api/cms/content-type/getall' }), 401);
    expect(await cmsRows(t)).toEqual(before);
    expect(icon).toMatch(/^\/api\/cms\/files\//);
  });
});
