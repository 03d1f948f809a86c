import { CMS_SECTION_IDS, CMS_STATUS_IDS } from '@far/contracts';
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
    expect(made).toMatchObject({ Status: 'borrador', i_version: 1, t_json: { icon, type: 'video', url: 'https://www.youtube.com/watch?v=abc' } });
    expect(made.t_json).not.toHaveProperty('images');
    const got = await t.call(TECHFAR, { method: 'GET', url: `/api/cms/content/${made.v_uid}` });
    expect(got.json().data).toMatchObject({
      v_uid: made.v_uid,
      v_system_name: 'tutorial-de-video',
      v_uid_section: CMS_SECTION_IDS.business,
      Section: 'business',
      v_uid_content_type: typeId('tutorial'),
      ContentType: { v_uid: typeId('tutorial'), v_system_name: 'tutorial' },
      v_uid_status: CMS_STATUS_IDS.borrador,
      i_order: expect.any(Number),
      d_create_at: expect.any(String),
      b_locked: false,
      b_hidden: false,
      Author: 'Sofía Ramírez Ortega',
    });
  });

  it('takes the section and status by their §3 uids, and the names the first clients sent (Name, Value, Section, Status)', async () => {
    const byUid = await create(t, { ...legal('<p>Por uid</p>', 'Por uid'), v_uid_section: CMS_SECTION_IDS.wallet, v_uid_status: CMS_STATUS_IDS.publicado });
    expect(byUid).toMatchObject({ Section: 'wallet', Status: 'publicado', v_uid_section: CMS_SECTION_IDS.wallet, v_uid_status: CMS_STATUS_IDS.publicado });
    const old = await create(t, {
      ContentTypeId: typeId('legal'),
      Name: 'Nombres de antes',
      Value: { content: '<p>Hola</p>' },
      Section: 'wallet',
      Status: 'publicado',
      Hidden: true,
    });
    expect(old).toMatchObject({ v_name: 'Nombres de antes', t_json: { content: '<p>Hola</p>' }, Section: 'wallet', Status: 'publicado', b_hidden: true });
    const edited = await put(old.v_uid, { Name: 'Nombres de antes 2', Value: { content: '<p>Adiós</p>' } });
    expect(edited.json().data).toMatchObject({ v_name: 'Nombres de antes 2', t_json: { content: '<p>Adiós</p>' }, i_version: 2 });
    const before = await cmsRows(t);
    refused(await post({ ...legal(), v_uid_status: '0b7f2d0e-1111-4222-8333-444455556666' }), 400, 'Estado no válido');
    refused(await post({ ...legal(), v_uid_section: 'staff' }), 400, 'Sección no válida');
    refused(await post({ v_uid_content_type: typeId('legal'), t_json: { content: '<p>Hola</p>' } }), 400, 'Este campo es requerido');
    expect(await cmsRows(t)).toEqual(before);
  });

  it('creates an image tutorial, a FAQ and a legal text (sanitised)', async () => {
    const steps = await create(t, {
      v_uid_content_type: typeId('tutorial'),
      v_name: 'Pasos',
      t_json: { icon, type: 'imagen', url: 'https://x.mx', images: [{ image: icon, text: 'Abre la app', link: '/account' }] },
    });
    expect(steps.t_json).toEqual({ icon, type: 'imagen', images: [{ image: icon, text: 'Abre la app', link: '/account' }] });
    expect((await create(t, faq(icon))).t_json).toMatchObject({ questions: [{ question: 'Qué es FAR' }] });
    const text = await create(t, legal('<p class="x">Hola <a href="https://far.mx">aquí</a><span>!</span></p>'));
    expect(text.t_json.content).toBe('<p>Hola <a href="https://far.mx" rel="noopener noreferrer" target="_blank">aquí</a>!</p>');
  });

  it.each([
    ['tutorial without icon', tutorialVideo(''), 't_json.icon', 'Este campo es requerido'],
    ['video tutorial without url', tutorialVideo('ICON', { url: '' }), 't_json.url', 'Este campo es requerido'],
    ['tutorial with a bad url', tutorialVideo('ICON', { url: 'ftp://x.mx' }), 't_json.url', 'URL no válida'],
    [
      'tutorial without type',
      { v_uid_content_type: typeId('tutorial'), v_name: 'Tutorial', t_json: { icon: 'ICON' } },
      't_json.type',
      'Este campo es requerido',
    ],
    [
      'image tutorial without images',
      { v_uid_content_type: typeId('tutorial'), v_name: 'Tutorial', t_json: { icon: 'ICON', type: 'imagen', images: [] } },
      't_json.images',
      'Este campo es requerido',
    ],
    [
      'image step text with digits',
      {
        v_uid_content_type: typeId('tutorial'),
        v_name: 'Tutorial',
        t_json: { icon: 'ICON', type: 'imagen', images: [{ image: 'ICON', text: 'Paso 1', link: 'a' }] },
      },
      't_json.images.0.text',
      'Solo se aceptan caracteres alfabéticos y espacios',
    ],
    [
      'image step text over 200',
      {
        v_uid_content_type: typeId('tutorial'),
        v_name: 'Tutorial',
        t_json: { icon: 'ICON', type: 'imagen', images: [{ image: 'ICON', text: 'a'.repeat(201), link: 'a' }] },
      },
      't_json.images.0.text',
      'Debe contener máximo 200 caracteres',
    ],
    [
      'image step link over 20',
      {
        v_uid_content_type: typeId('tutorial'),
        v_name: 'Tutorial',
        t_json: { icon: 'ICON', type: 'imagen', images: [{ image: 'ICON', text: 'Hola', link: 'x'.repeat(21) }] },
      },
      't_json.images.0.link',
      'Debe contener máximo 20 caracteres',
    ],
    [
      'FAQ question of one character',
      faq('ICON', [{ question: 'Q', answer: 'Respuesta' }]),
      't_json.questions.0.question',
      'Debe contener mínimo 2 caracteres',
    ],
    [
      'FAQ question over 20',
      faq('ICON', [{ question: 'x'.repeat(21), answer: 'Respuesta' }]),
      't_json.questions.0.question',
      'Debe contener máximo 20 caracteres',
    ],
    [
      'FAQ answer over 200',
      faq('ICON', [{ question: 'Pregunta', answer: 'x'.repeat(201) }]),
      't_json.questions.0.answer',
      'Debe contener máximo 200 caracteres',
    ],
    ['FAQ answer with ¿?', faq('ICON', [{ question: 'Pregunta', answer: '¿Sí?' }]), 't_json.questions.0.answer', FAQ_PATTERN],
    ['FAQ without entries', faq('ICON', []), 't_json.questions', 'Este campo es requerido'],
    ['legal text of one character', legal('<p><b>A</b></p>'), 't_json.content', 'Debe contener mínimo 2 caracteres'],
    ['legal text over 5000', legal(`<p>${'a'.repeat(5001)}</p>`), 't_json.content', 'Debe contener máximo 5000 caracteres'],
    ['legal text with a script', legal('<p>Hola</p><script>alert(1)</script>'), 't_json.content', 'El texto contiene código no permitido'],
    ['legal text with an event attribute', legal('<p onclick="alert(1)">Hola</p>'), 't_json.content', 'El texto contiene código no permitido'],
    [
      'help link to no screen',
      {
        v_uid_content_type: typeId('tutorial'),
        v_name: 'Tutorial',
        t_json: { icon: 'ICON', type: 'imagen', images: [{ image: 'ICON', text: 'Fondea', link: '/ayuda/fondeo' }] },
      },
      't_json.images.0.link',
      'El enlace debe ser una pantalla de la sección (p. ej. /movement)',
    ],
    [
      'help link to a screen of the other section',
      {
        v_uid_content_type: typeId('tutorial'),
        v_uid_section: 'wallet',
        v_name: 'Tutorial',
        t_json: { icon: 'ICON', type: 'imagen', images: [{ image: 'ICON', text: 'Alta', link: '/account' }] },
      },
      't_json.images.0.link',
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
      v_uid_content_type: typeId('tutorial'),
      v_uid_section: 'wallet',
      v_name: 'Presupuestos',
      t_json: { icon, type: 'imagen', images: [{ image: icon, text: 'Abre tus presupuestos', link: '/dispersal/budget' }] },
    });
    expect(made.t_json).toMatchObject({ images: [{ link: '/dispersal/budget' }] });
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
    refused(await post({ ...legal(), v_uid_content_type: '0b7f2d0e-1111-4222-8333-444455556666' }), 404, 'Tipo de contenido no encontrado');
    refused(await post({ ...legal(), v_name: 'A' }), 400, 'Debe contener mínimo 2 caracteres');
    expect(await cmsRows(t)).toEqual(before);
  });
});

describe('lists, edits, versions, order, delete, bulk', () => {
  it('lists with filters and pages', async () => {
    // The demo seeds an «Aviso de privacidad» per section: search for a word only this text has.
    await create(t, { ...legal('<p>Uno dos</p>', 'Confidencialidad Wallet'), v_uid_section: 'wallet', v_uid_status: 'publicado' });
    const wallet = await t.call(SUPER, { method: 'GET', url: '/api/cms/content/getall?Section=wallet&Status=publicado' });
    expect(wallet.json().data.Records.every((r: { Section: string; Status: string }) => r.Section === 'wallet' && r.Status === 'publicado')).toBe(true);
    const search = await t.call(SUPER, { method: 'GET', url: `/api/cms/content/getall?Search=confidencialidad&ContentTypeId=${typeId('legal')}` });
    expect(search.json().data.Records.map((r: { v_name: string }) => r.v_name)).toEqual(['Confidencialidad Wallet']);
    refused(await t.call(SUPER, { method: 'GET', url: '/api/cms/content/getall?Status=otro' }), 400, 'Estado no válido');
  });

  it('keeps every version and restores one as a new version', async () => {
    const made = await create(t, legal('<p>Primera</p>', 'Contrato'));
    const edited = await put(made.v_uid, { t_json: { content: '<p>Segunda</p>' }, v_uid_status: 'publicado' });
    expect(edited.json().data).toMatchObject({ i_version: 2, Status: 'publicado', t_json: { content: '<p>Segunda</p>' } });
    const versions = await t.call(SUPER, { method: 'GET', url: `/api/cms/content/${made.v_uid}/versions` });
    expect(versions.json().data.map((v: { i_version: number; t_json: { content: string } }) => [v.i_version, v.t_json.content])).toEqual([
      [2, '<p>Segunda</p>'],
      [1, '<p>Primera</p>'],
    ]);
    const restored = await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${made.v_uid}/versions/1/restore` });
    expect(restored.json().data).toMatchObject({ i_version: 3, Status: 'publicado', t_json: { content: '<p>Primera</p>' } });
    refused(await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${made.v_uid}/versions/9/restore` }), 404, 'Versión no encontrada');
    const before = await cmsRows(t);
    refused(await put(made.v_uid, { t_json: { content: '<p>x</p>' } }), 400, 'Debe contener mínimo 2 caracteres');
    expect(await cmsRows(t)).toEqual(before);
  });

  it('reorders by the given list', async () => {
    const a = await create(t, legal('<p>AA</p>', 'Orden A'));
    const b = await create(t, legal('<p>BB</p>', 'Orden B'));
    const res = await t.call(SUPER, { method: 'POST', url: '/api/cms/content/reorder', payload: { Ids: [b.v_uid, a.v_uid] } });
    expect(res.statusCode).toBe(200);
    const [rowA] = await t.sql<{ i_order: number }>('SELECT i_order FROM cms_contents WHERE v_uid = $1', [a.v_uid]);
    const [rowB] = await t.sql<{ i_order: number }>('SELECT i_order FROM cms_contents WHERE v_uid = $1', [b.v_uid]);
    expect([rowB!.i_order, rowA!.i_order]).toEqual([1, 2]);
    refused(
      await t.call(SUPER, { method: 'POST', url: '/api/cms/content/reorder', payload: { Ids: [a.v_uid, a.v_uid] } }),
      400,
      'Lista de contenidos no válida',
    );
  });

  it('locked items cannot be edited, deleted or published until unlocked', async () => {
    const made = await create(t, { ...legal('<p>Fijo</p>', 'Bloqueado'), b_locked: true });
    const before = await cmsRows(t);
    const message = 'El contenido está bloqueado y no se puede modificar';
    refused(await put(made.v_uid, { v_name: 'Otro nombre' }), 422, message);
    refused(await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${made.v_uid}` }), 422, message);
    refused(await bulk('publicar', [made.v_uid]), 422, message);
    refused(await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${made.v_uid}/versions/1/restore` }), 422, message);
    expect(await cmsRows(t)).toEqual(before);
    expect((await bulk('desbloquear', [made.v_uid])).statusCode).toBe(200);
    expect((await put(made.v_uid, { v_name: 'Ya editable' })).statusCode).toBe(200);
  });

  it('bulk publish, unpublish, draft and delete, all or nothing', async () => {
    const a = await create(t, legal('<p>Uno</p>', 'Masivo A'));
    const b = await create(t, legal('<p>Dos</p>', 'Masivo B'));
    expect((await bulk('publicar', [a.v_uid, b.v_uid])).json().data).toEqual({ Updated: 2 });
    const status = async (id: string) => (await t.call(SUPER, { method: 'GET', url: `/api/cms/content/${id}` })).json().data.Status;
    expect([await status(a.v_uid), await status(b.v_uid)]).toEqual(['publicado', 'publicado']);
    await bulk('despublicar', [a.v_uid]);
    await bulk('borrador', [b.v_uid]);
    expect([await status(a.v_uid), await status(b.v_uid)]).toEqual(['despublicado', 'borrador']);
    refused(await bulk('publicar', [a.v_uid, '0b7f2d0e-1111-4222-8333-444455556666']), 404, 'Contenido no encontrado');
    expect(await status(a.v_uid)).toBe('despublicado');
    refused(await bulk('archivar', [a.v_uid]), 400, 'Acción no válida');
    refused(await bulk('publicar', []), 400, 'Selecciona al menos un contenido');
    expect((await bulk('borrar', [a.v_uid, b.v_uid])).statusCode).toBe(200);
    refused(await t.call(SUPER, { method: 'GET', url: `/api/cms/content/${a.v_uid}` }), 404, 'Contenido no encontrado');
    expect(await t.sql('SELECT 1 FROM cms_contents WHERE v_uid = $1 AND d_deleted_at IS NOT NULL', [a.v_uid])).toHaveLength(1);
  });

  it('deletes one item (POST {uid}); a parent must exist in the same section', async () => {
    const parent = await create(t, legal('<p>Padre</p>', 'Padre'));
    const child = await create(t, { ...legal('<p>Hijo</p>', 'Hijo'), v_uid_parent: parent.v_uid });
    expect((await t.call(SUPER, { method: 'GET', url: `/api/cms/content/${child.v_uid}` })).json().data.v_uid_parent).toBe(parent.v_uid);
    refused(await post({ ...legal('<p>Otro</p>', 'Otro'), v_uid_section: 'wallet', v_uid_parent: parent.v_uid }), 400, 'Contenido padre no válido');
    refused(await put(parent.v_uid, { v_uid_parent: child.v_uid }), 400, 'Contenido padre no válido');
    expect((await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${child.v_uid}` })).statusCode).toBe(200);
    refused(await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${child.v_uid}` }), 404, 'Contenido no encontrado');
  });
});
