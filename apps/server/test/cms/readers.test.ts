import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, WALLET, addUser, createTestApp, type TestApp } from '../helpers';
import { refused } from '../people';
import { cmsRows, create, faq, imageUrl, legal } from './cms';

let t: TestApp;
let icon: string;
beforeAll(async () => {
  t = await createTestApp();
  icon = await imageUrl(t);
});
afterAll(() => t.close());

type Help = Array<{ v_uid: string; v_name: string; ContentType: { v_system_name: string } }>;
const help = async (email: string) => {
  const res = await t.call(email, { method: 'GET', url: '/api/cms/help' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Help;
};
const pending = async (email: string) =>
  (await t.call(email, { method: 'GET', url: '/api/cms/legal/pending' })).json().data as Array<{
    v_uid: string;
    v_name: string;
    i_version: number;
    Html: string;
  }>;
/** What the gate does when the person clicks «Acepto» on each pending text. */
async function acceptAll(email: string) {
  for (const p of await pending(email))
    expect((await t.call(email, { method: 'POST', url: `/api/cms/legal/${p.v_uid}/accept`, payload: { i_version: p.i_version } })).statusCode).toBe(200);
}

describe('GET /api/cms/help', () => {
  it('shows the seeded demo help of each section', async () => {
    const business = await help(BUSINESS);
    expect(new Set(business.map((c) => c.ContentType.v_system_name))).toEqual(new Set(['tutorial', 'faq', 'legal']));
    expect((await help(WALLET)).map((c) => c.v_name)).toEqual(['Preguntas frecuentes Wallet', 'Términos y condiciones Wallet', 'Aviso de privacidad Wallet']);
  });

  it('business sees only business content and wallet only wallet; drafts, unpublished, hidden and deleted are not shown', async () => {
    const forBusiness = await create(t, { ...faq(icon), v_name: 'Solo business', v_uid_status: 'publicado' });
    const forWallet = await create(t, { ...faq(icon), v_name: 'Solo wallet', v_uid_section: 'wallet', v_uid_status: 'publicado' });
    const draft = await create(t, { ...faq(icon), v_name: 'Borrador' });
    const hidden = await create(t, { ...faq(icon), v_name: 'Oculto', v_uid_status: 'publicado', b_hidden: true });
    const unpublished = await create(t, { ...faq(icon), v_name: 'Retirado', v_uid_status: 'despublicado' });
    const deleted = await create(t, { ...faq(icon), v_name: 'Eliminado', v_uid_status: 'publicado' });
    const childOfHidden = await create(t, { ...faq(icon), v_name: 'Hijo de oculto', v_uid_status: 'publicado', v_uid_parent: hidden.v_uid });
    await t.call(SUPER, { method: 'POST', url: `/api/cms/content/${deleted.v_uid}` });

    const business = (await help(BUSINESS)).map((c) => c.v_uid);
    const wallet = (await help(WALLET)).map((c) => c.v_uid);
    expect(business).toContain(forBusiness.v_uid);
    expect(business).not.toContain(forWallet.v_uid);
    expect(wallet).toContain(forWallet.v_uid);
    expect(wallet).not.toContain(forBusiness.v_uid);
    for (const id of [draft.v_uid, hidden.v_uid, unpublished.v_uid, deleted.v_uid, childOfHidden.v_uid]) {
      expect(business).not.toContain(id);
      expect(wallet).not.toContain(id);
    }
    expect(await help(BUSINESS_2)).toEqual(await help(BUSINESS));
  });

  it('refuses staff (they preview in /cms) and anonymous callers', async () => {
    refused(await t.call(SUPER, { method: 'GET', url: '/api/cms/help' }), 403);
    refused(await t.call(null, { method: 'GET', url: '/api/cms/help' }), 401);
  });
});

describe('legal acceptance', () => {
  it('asks users who never accepted (demo users too) for every published legal text of their section', async () => {
    expect((await pending(BUSINESS)).map((p) => p.v_name)).toEqual(['Términos y condiciones', 'Aviso de privacidad']);
    expect((await pending(WALLET)).map((p) => p.v_name)).toEqual(['Términos y condiciones Wallet', 'Aviso de privacidad Wallet']);
    for (const who of [BUSINESS, BUSINESS_2, WALLET]) await acceptAll(who);
    expect(await pending(BUSINESS)).toEqual([]);
  });

  it('asks for a new legal version once, records who, which version and when', async () => {
    expect(await pending(BUSINESS)).toEqual([]);
    expect(await pending(SUPER)).toEqual([]);
    const text = await create(t, { ...legal('<p>Nuevos términos</p>', 'Términos 2026'), v_uid_status: 'publicado' });
    const asked = await pending(BUSINESS);
    expect(asked).toEqual([expect.objectContaining({ v_uid: text.v_uid, i_version: 1, Html: '<p>Nuevos términos</p>' })]);
    expect(await pending(WALLET)).toEqual([]);

    const before = await cmsRows(t);
    refused(
      await t.call(BUSINESS, { method: 'POST', url: `/api/cms/legal/${text.v_uid}/accept`, payload: { i_version: 2 } }),
      409,
      'El texto legal cambió; vuelve a leerlo antes de aceptarlo',
    );
    refused(await t.call(WALLET, { method: 'POST', url: `/api/cms/legal/${text.v_uid}/accept`, payload: { i_version: 1 } }), 404, 'Texto legal no encontrado');
    refused(await t.call(SUPER, { method: 'POST', url: `/api/cms/legal/${text.v_uid}/accept`, payload: { i_version: 1 } }), 403);
    refused(await t.call(BUSINESS, { method: 'POST', url: `/api/cms/legal/${text.v_uid}/accept`, payload: { i_version: 0 } }), 400, 'Versión no válida');
    expect(await cmsRows(t)).toEqual(before);

    const res = await t.call(BUSINESS, { method: 'POST', url: `/api/cms/legal/${text.v_uid}/accept`, payload: { i_version: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ v_uid_content: text.v_uid, i_version: 1 });
    const [row] = await t.sql<{ v_uid_user: string; i_version: number }>('SELECT v_uid_user, i_version FROM cms_legal_acceptances WHERE v_uid_content = $1', [
      text.v_uid,
    ]);
    const [user] = await t.sql<{ v_uid: string }>('SELECT v_uid FROM users WHERE v_email = $1', [BUSINESS]);
    expect(row).toEqual({ v_uid_user: user!.v_uid, i_version: 1 });
    expect(await pending(BUSINESS)).toEqual([]);
    // Every user accepts for themselves.
    expect((await pending(BUSINESS_2)).map((p) => p.v_uid)).toEqual([text.v_uid]);

    // A new version asks again.
    await t.call(SUPER, { method: 'PUT', url: `/api/cms/content/${text.v_uid}`, payload: { t_json: { content: '<p>Términos corregidos</p>' } } });
    expect(await pending(BUSINESS)).toEqual([expect.objectContaining({ v_uid: text.v_uid, i_version: 2 })]);
    // Unpublished, it is no longer asked.
    await t.call(SUPER, { method: 'POST', url: '/api/cms/content/bulk-action', payload: { Action: 'despublicar', Ids: [text.v_uid] } });
    expect(await pending(BUSINESS)).toEqual([]);
  });

  it('asks a business user invited by staff at their first sign-in, and only their own acceptance counts', async () => {
    const text = await create(t, { ...legal('<p>Aviso de privacidad</p>', 'Privacidad'), v_uid_status: 'publicado' });
    await addUser(t, 'nuevo.cms@prueba.mx', BUSINESS);
    expect((await pending('nuevo.cms@prueba.mx')).map((p) => p.v_name)).toEqual(['Términos y condiciones', 'Aviso de privacidad', 'Privacidad']);
    const terms = async () =>
      (await t.sql<{ d: string | null }>('SELECT d_terms_accepted_at AS d FROM users WHERE v_email = $1', ['nuevo.cms@prueba.mx']))[0]!.d;
    expect(await terms()).toBeNull();
    await acceptAll('nuevo.cms@prueba.mx');
    expect(await pending('nuevo.cms@prueba.mx')).toEqual([]);
    expect(await terms()).not.toBeNull();
    // Another user of the same business is still asked.
    expect((await pending(BUSINESS)).map((p) => p.v_uid)).toContain(text.v_uid);
  });
});
