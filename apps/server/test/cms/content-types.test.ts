import { SYSTEM_CONTENT_TYPES, TUTORIAL_DEFINITION } from '@far/contracts';
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
    const list = res.json().data as Array<{ Id: string; SystemName: string; Definition: unknown; Section: string }>;
    for (const seeded of SYSTEM_CONTENT_TYPES) {
      expect(list.find((x) => x.Id === seeded.v_uid)).toMatchObject({ SystemName: seeded.v_system_name, Definition: seeded.t_json, Section: 'business' });
    }
    const one = await t.call(SUPER, { method: 'GET', url: `/api/cms/content-type/${typeId('tutorial')}` });
    expect(one.json().data.Definition).toEqual(TUTORIAL_DEFINITION);
  });

  it('creates, edits and deletes a staff type; its form validates contents at once', async () => {
    const res = await t.call(SUPER, {
      method: 'POST',
      url: '/api/cms/content-type',
      payload: { Name: 'Avisos', Section: 'wallet', Definition: JSON.stringify(custom) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.Id as string;
    expect(res.json().data).toMatchObject({ Name: 'Avisos', Section: 'wallet', SystemName: null, Contents: 0, Definition: custom });

    const bad = await t.call(SUPER, {
      method: 'POST',
      url: '/api/cms/content',
      payload: { ContentTypeId: id, Name: 'Aviso', Value: { title: 'x'.repeat(11) } },
    });
    expect(refused(bad, 400, 'Máximo 10').errors).toEqual([{ field: 'Value.title', key: 'maxlength', message: 'Máximo 10' }]);
    const made = await create(t, { ContentTypeId: id, Name: 'Aviso', Value: { title: 'Hola' } });
    expect(made.Value).toEqual({ title: 'Hola' });

    const put = await t.call(SUPER, {
      method: 'PUT',
      url: `/api/cms/content-type/${id}`,
      payload: { Name: 'Avisos Wallet', Section: 'wallet', Definition: custom },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ Name: 'Avisos Wallet', Contents: 1 });

    refused(await t.call(SUPER, { method: 'DELETE', url: `/api/cms/content-type/${id}` }), 409, 'El tipo de contenido tiene contenidos; elimínalos primero');
    const other = await t.call(SUPER, { method: 'POST', url: '/api/cms/content-type', payload: { Name: 'Borrable', Definition: custom } });
    const del = await t.call(SUPER, { method: 'DELETE', url: `/api/cms/content-type/${other.json().data.Id}` });
    expect(del.statusCode).toBe(200);
    refused(await t.call(SUPER, { method: 'GET', url: `/api/cms/content-type/${other.json().data.Id}` }), 404, 'Tipo de contenido no encontrado');
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
  ])('refuses a definition with %s (400, nothing written)', async (_what, Definition, message) => {
    const before = await cmsRows(t);
    refused(await t.call(SUPER, { method: 'POST', url: '/api/cms/content-type', payload: { Name: 'Mala', Definition } }), 400, message);
    refused(
      await t.call(SUPER, { method: 'PUT', url: `/api/cms/content-type/${typeId('faq')}`, payload: { Name: 'Preguntas frecuentes', Definition } }),
      400,
      message,
    );
    expect(await cmsRows(t)).toEqual(before);
  });

  it('refuses a repeated name, a bad section, and deleting a system type', async () => {
    refused(
      await t.call(SUPER, { method: 'POST', url: '/api/cms/content-type', payload: { Name: 'tutorial', Definition: custom } }),
      409,
      'Ya existe un tipo de contenido con ese nombre',
    );
    refused(await t.call(SUPER, { method: 'POST', url: '/api/cms/content-type', payload: { Name: 'Otro', Section: 'staff', Definition: custom } }), 400);
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
      refused(await t.call(who, { method: 'POST', url: '/api/cms/content-type', payload: { Name: 'X', Definition: custom } }), 403);
      refused(await t.call(who, { method: 'PUT', url: `/api/cms/content-type/${typeId('faq')}`, payload: { Name: 'X', Definition: custom } }), 403);
      refused(await t.call(who, { method: 'DELETE', url: `/api/cms/content-type/${typeId('faq')}` }), 403);
      refused(
        await t.call(who, {
          method: 'POST',
          url: '/api/cms/content',
          payload: { ContentTypeId: typeId('legal'), Name: 'X', Value: { content: '<p>hola</p>' } },
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
