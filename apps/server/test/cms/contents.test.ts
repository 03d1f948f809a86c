import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, TECHFAR, createTestApp, type TestApp } from '../helpers';
import { refused } from '../people';
import { cmsRows, create, faq, imageUrl, legal, tutorialVideo, typeId } from './cms';

let t: TestApp;
let icon: string;
beforeAll(async () => {
  t = await createTestApp();
  icon = await imageUrl(t);
});
afterAll(() => t.close());

const post = (payload: unknown, email = SUPER) => t.call(email, { method: 'POST', url: '/api/cms/content', payload: payload as object });
const put = (id: string, payload: unknown) => t.call(SUPER, { method: 'PUT', url: `/api/cms/content/${id}`, payload: payload as object });
const bulk = (Action: string, Ids: string[], email = SUPER) => t.call(email, { method: 'POST', url: '/api/cms/content/bulk-action', payload: { Action, Ids } });
const FAQ_PATTERN = 'Solo se aceptan caracteres alfanuméricos, espacios y estos caracteres especiales ( ) .';

describe('POST /api/cms/content', () => {
  it('creates a video tutorial as a draft, dropping the fields its type disables', async () => {
    const made = await create(t, tutorialVideo(icon, { images: [{ text: 'x' }] }));
    expect(made).toMatchObject({ Status: 'borrador', Version: 1, Value: { icon, type: 'video', url: 'https://www.youtube.com/watch?v=abc' } });
    expect(made.Value).not.toHaveProperty('images');
    const got = await t.call(TECHFAR, { method: 'GET', url: `/api/cms/content/${made.Id}` });
    expect(got.json().data).toMatchObject({
      Id: made.Id,
      SystemName: 'tutorial-de-video',
      Section: 'business',
      ContentType: { SystemName: 'tutorial' },
      Locked: false,
      Hidden: false,
      Author: 'Sofía Ramírez Ortega',
    });
  });

  it('creates an image tutorial, a FAQ and a legal text (sanitised)', async () => {
    const steps = await create(t, {
      ContentTypeId: typeId('tutorial'),
      Name: 'Pasos',
      Value: { icon, type: 'imagen', url: 'https://x.mx', images: [{ image: icon, text: 'Abre la app', link: '/account' }] },
    });
    expect(steps.Value).toEqual({ icon, type: 'imagen', images: [{ image: icon, text: 'Abre la app', link: '/account' }] });
    expect((await create(t, faq(icon))).Value).toMatchObject({ questions: [{ question: 'Qué es FAR' }] });
    const text = await create(t, legal('<p class="x">Hola <a href="https://far.mx">aquí</a><span>!</span></p>'));
    expect(text.Value.content).toBe('<p>Hola <a href="https://far.mx" rel="noopener noreferrer" target="_blank">aquí</a>!</p>');
  });

  it.each([
    ['tutorial without icon', tutorialVideo(''), 'Value.icon', 'Este campo es requerido'],
    ['video tutorial without url', tutorialVideo('ICON', { url: '' }), 'Value.url', 'Este campo es requerido'],
    ['tutorial with a bad url', tutorialVideo('ICON', { url: 'ftp://x.mx' }), 'Value.url', 'URL no válida'],
    ['tutorial without type', { ContentTypeId: typeId('tutorial'), Name: 'Tutorial', Value: { icon: 'ICON' } }, 'Value.type', 'Este campo es requerido'],
    [
      'image tutorial without images',
      { ContentTypeId: typeId('tutorial'), Name: 'Tutorial', Value: { icon: 'ICON', type: 'imagen', images: [] } },
      'Value.images',
      'Este campo es requerido',
    ],
    [
      'image step text with digits',
      { ContentTypeId: typeId('tutorial'), Name: 'Tutorial', Value: { icon: 'ICON', type: 'imagen', images: [{ image: 'ICON', text: 'Paso 1', link: 'a' }] } },
      'Value.images.0.text',
      'Solo se aceptan caracteres alfabéticos y espacios',
    ],
    [
      'image step text over 200',
      {
        ContentTypeId: typeId('tutorial'),
        Name: 'Tutorial',
        Value: { icon: 'ICON', type: 'imagen', images: [{ image: 'ICON', text: 'a'.repeat(201), link: 'a' }] },
      },
      'Value.images.0.text',
      'Debe contener máximo 200 caracteres',
    ],
    [
      'image step link over 20',
      {
        ContentTypeId: typeId('tutorial'),
        Name: 'Tutorial',
        Value: { icon: 'ICON', type: 'imagen', images: [{ image: 'ICON', text: 'Hola', link: 'x'.repeat(21) }] },
      },
      'Value.images.0.link',
      'Debe contener máximo 20 caracteres',
    ],
    ['FAQ question of one character', faq('ICON', [{ question: 'Q', answer: 'Respuesta' }]), 'Value.questions.0.question', 'Debe contener mínimo 2 caracteres'],
    [
      'FAQ question over 20',
      faq('ICON', [{ question: 'x'.repeat(21), answer: 'Respuesta' }]),
      'Value.questions.0.question',
      'Debe contener máximo 20 caracteres',
    ],
    [
      'FAQ answer over 200',
      faq('ICON', [{ question: 'Pregunta', answer: 'x'.repeat(201) }]),
      'Value.questions.0.answer',
      'Debe contener máximo 200 caracteres',
    ],
    ['FAQ answer with ¿?', faq('ICON', [{ question: 'Pregunta', answer: '¿Sí?' }]), 'Value.questions.0.answer', FAQ_PATTERN],
    ['FAQ without entries', faq('ICON', []), 'Value.questions', 'Este campo es requerido'],
    ['legal text of one character', legal('<p><b>A</b></p>'), 'Value.content', 'Debe contener mínimo 2 caracteres'],
    ['legal text over 5000', legal(`<p>${'a'.repeat(5001)}</p>`), 'Value.content', 'Debe contener máximo 5000 caracteres'],
    ['legal text with a script', legal('<p>Hola</p><script>alert(1)</script>'), 'Value.content', 'El texto contiene código no permitido'],
    ['legal text with an event attribute', legal('<p onclick="alert(1)">Hola</p>'), 'Value.content', 'El texto contiene código no permitido'],
    [
      'help link to no screen',
      {
        ContentTypeId: typeId('tutorial'),
        Name: 'Tutorial',
        Value: { icon: 'ICON', type: 'imagen', images: [{ image: 'ICON', text: 'Fondea', link: '/ayuda/fondeo' }] },
      },
      'Value.images.0.link',
      'El enlace debe ser una pantalla de la sección (p. ej. /movement)',
    ],
    [
      'help link to a screen of the other section',
      {
        ContentTypeId: typeId('tutorial'),
        Section: 'wallet',
        Name: 'Tutorial',
        Value: { icon: 'ICON', type: 'imagen', images: [{ image: 'ICON', text: 'Alta', link: '/account' }] },
      },
      'Value.images.0.link',
      'El enlace debe ser una pantalla de la sección (p. ej. /movement)',
    ],
  ])('refuses a %s (400, Spanish message, nothing written)', async (_what, body, field, message) => {
    const json = JSON.parse(JSON.stringify(body).replaceAll('"ICON"', JSON.stringify(icon)));
    const before = await cmsRows(t);
    const res = refused(await post(json), 400, message);
    expect(res.errors?.[0]).toMatchObject({ field, message });
    expect(await cmsRows(t)).toEqual(before);
  });

  it('takes a help link to a screen of its readers, a wallet one for the wallet section', async () => {
    const made = await create(t, {
      ContentTypeId: typeId('tutorial'),
      Section: 'wallet',
      Name: 'Presupuestos',
      Value: { icon, type: 'imagen', images: [{ image: icon, text: 'Abre tus presupuestos', link: '/dispersal/budget' }] },
    });
    expect(made.Value).toMatchObject({ images: [{ link: '/dispersal/budget' }] });
  });

  it('refuses an image that was not uploaded to the CMS, an unknown type and a bad name', async () => {
    const before = await cmsRows(t);
    refused(await post(tutorialVideo('https://evil.example/x.png')), 400, 'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg');
    refused(
      await post(tutorialVideo('/api/cms/files/0b7f2d0e-1111-4222-8333-444455556666')),
      400,
      'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg',
    );
    refused(await post(tutorialVideo({ name: 'a.png', size: 1 } as never)), 400);
    refused(await post({ ...legal(), ContentTypeId: '0b7f2d0e-1111-4222-8333-444455556666' }), 404, 'Tipo de contenido no encontrado');
    refused(await post({ ...legal(), Name: 'A' }), 400, 'Debe contener mínimo 2 caracteres');
    expect(await cmsRows(t)).toEqual(before);
  });
});

describe('lists, edits, versions, order, delete, bulk', () => {
  it('lists with filters and pages', async () => {
    // The demo seeds an «Aviso de privacidad» per section: search for a word only this text has.
    await create(t, { ...legal('<p>Uno dos</p>', 'Confidencialidad Wallet'), Section: 'wallet', Status: 'publicado' });
    const wallet = await t.call(SUPER, { method: 'GET', url: '/api/cms/content/getall?Section=wallet&Status=publicado' });
    expect(wallet.json().data.Records.every((r: { Section: string; Status: string }) => r.Section === 'wallet' && r.Status === 'publicado')).toBe(true);
    const search = await t.call(SUPER, { method: 'GET', url: `/api/cms/content/getall?Search=confidencialidad&ContentTypeId=${typeId('legal')}` });
    expect(search.json().data.Records.map((r: { Name: string }) => r.Name)).toEqual(['Confidencialidad Wallet']);
    refused(await t.call(SUPER, { method: 'GET', url: '/api/cms/content/getall?Status=otro' }), 400, 'Estado no válido');
  });

  it('keeps every version and restores one as a new version', async () => {
    const made = await create(t, legal('<p>Primera</p>', 'Contrato'));
    const edited = await put(made.Id, { Value: { content: '<p>Segunda</p>' }, Status: 'publicado' });
    expect(edited.json().data).toMatchObject({ Version: 2, Status: 'publicado', Value: { content: '<p>Segunda</p>' } });
    const versions = await t.call(SUPER, { method: 'GET', url: `/api/cms/content/${made.Id}/versions` });
    expect(versions.json().data.map((v: { Version: number; Value: { content: string } }) => [v.Version, v.Value.content])).toEqual([
      [2, '<p>Segunda</p>'],
      [1, '<p>Primera</p>'],
    ]);
    const restored = await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${made.Id}/versions/1/restore` });
    expect(restored.json().data).toMatchObject({ Version: 3, Status: 'publicado', Value: { content: '<p>Primera</p>' } });
    refused(await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${made.Id}/versions/9/restore` }), 404, 'Versión no encontrada');
    const before = await cmsRows(t);
    refused(await put(made.Id, { Value: { content: '<p>x</p>' } }), 400, 'Debe contener mínimo 2 caracteres');
    expect(await cmsRows(t)).toEqual(before);
  });

  it('reorders by the given list', async () => {
    const a = await create(t, legal('<p>AA</p>', 'Orden A'));
    const b = await create(t, legal('<p>BB</p>', 'Orden B'));
    const res = await t.call(SUPER, { method: 'POST', url: '/api/cms/content/reorder', payload: { Ids: [b.Id, a.Id] } });
    expect(res.statusCode).toBe(200);
    const [rowA] = await t.sql<{ i_order: number }>('SELECT i_order FROM cms_contents WHERE v_uid = $1', [a.Id]);
    const [rowB] = await t.sql<{ i_order: number }>('SELECT i_order FROM cms_contents WHERE v_uid = $1', [b.Id]);
    expect([rowB!.i_order, rowA!.i_order]).toEqual([1, 2]);
    refused(await t.call(SUPER, { method: 'POST', url: '/api/cms/content/reorder', payload: { Ids: [a.Id, a.Id] } }), 400, 'Lista de contenidos no válida');
  });

  it('locked items cannot be edited, deleted or published until unlocked', async () => {
    const made = await create(t, { ...legal('<p>Fijo</p>', 'Bloqueado'), Locked: true });
    const before = await cmsRows(t);
    const message = 'El contenido está bloqueado y no se puede modificar';
    refused(await put(made.Id, { Name: 'Otro nombre' }), 422, message);
    refused(await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${made.Id}` }), 422, message);
    refused(await bulk('publicar', [made.Id]), 422, message);
    refused(await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${made.Id}/versions/1/restore` }), 422, message);
    expect(await cmsRows(t)).toEqual(before);
    expect((await bulk('desbloquear', [made.Id])).statusCode).toBe(200);
    expect((await put(made.Id, { Name: 'Ya editable' })).statusCode).toBe(200);
  });

  it('bulk publish, unpublish, draft and delete, all or nothing', async () => {
    const a = await create(t, legal('<p>Uno</p>', 'Masivo A'));
    const b = await create(t, legal('<p>Dos</p>', 'Masivo B'));
    expect((await bulk('publicar', [a.Id, b.Id])).json().data).toEqual({ Updated: 2 });
    const status = async (id: string) => (await t.call(SUPER, { method: 'GET', url: `/api/cms/content/${id}` })).json().data.Status;
    expect([await status(a.Id), await status(b.Id)]).toEqual(['publicado', 'publicado']);
    await bulk('despublicar', [a.Id]);
    await bulk('borrador', [b.Id]);
    expect([await status(a.Id), await status(b.Id)]).toEqual(['despublicado', 'borrador']);
    refused(await bulk('publicar', [a.Id, '0b7f2d0e-1111-4222-8333-444455556666']), 404, 'Contenido no encontrado');
    expect(await status(a.Id)).toBe('despublicado');
    refused(await bulk('archivar', [a.Id]), 400, 'Acción no válida');
    refused(await bulk('publicar', []), 400, 'Selecciona al menos un contenido');
    expect((await bulk('borrar', [a.Id, b.Id])).statusCode).toBe(200);
    refused(await t.call(SUPER, { method: 'GET', url: `/api/cms/content/${a.Id}` }), 404, 'Contenido no encontrado');
    expect(await t.sql('SELECT 1 FROM cms_contents WHERE v_uid = $1 AND d_deleted_at IS NOT NULL', [a.Id])).toHaveLength(1);
  });

  it('deletes one item (POST {uid}); a parent must exist in the same section', async () => {
    const parent = await create(t, legal('<p>Padre</p>', 'Padre'));
    const child = await create(t, { ...legal('<p>Hijo</p>', 'Hijo'), ParentId: parent.Id });
    expect((await t.call(SUPER, { method: 'GET', url: `/api/cms/content/${child.Id}` })).json().data.ParentId).toBe(parent.Id);
    refused(await post({ ...legal('<p>Otro</p>', 'Otro'), Section: 'wallet', ParentId: parent.Id }), 400, 'Contenido padre no válido');
    refused(await put(parent.Id, { ParentId: child.Id }), 400, 'Contenido padre no válido');
    expect((await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${child.Id}` })).statusCode).toBe(200);
    refused(await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${child.Id}` }), 404, 'Contenido no encontrado');
  });
});
