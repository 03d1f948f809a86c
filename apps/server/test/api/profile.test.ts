import { randomBytes } from 'node:crypto';
import { ROLE_IDS } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, addUser, addUserWithGrants, count, createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect width="1" height="1"/></svg>');
const ACCEPT = 'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg';

const getMe = (who: string) => t.call(who, { method: 'GET', url: '/api/v1/account/me' });
const putMe = (who: string, payload: object) => t.call(who, { method: 'PUT', url: '/api/v1/account/me', payload: { v_names: 'Nombre', ...payload } });
const getPhoto = (who: string) => t.call(who, { method: 'GET', url: '/api/v1/account/me/photo' });

/** A multipart/form-data body with one file part, built by hand. */
function multipart(filename: string, content: Buffer, type = 'application/octet-stream', field = 'file') {
  const boundary = `----far${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (who: string, filename: string, content: Buffer, type?: string, field?: string) =>
  t.call(who, { method: 'POST', url: '/api/v1/account/me/photo', ...multipart(filename, content, type, field) });

/** The user's row, for before/after comparisons. */
const row = async (email: string) => (await t.sql(`SELECT * FROM users WHERE v_email = $1`, [email]))[0];
/** What a refused profile call must leave as it was. */
const snapshot = async (email: string) => ({ user: await row(email), files: await count(t, 'files'), activity: await count(t, 'log_user') });

let n = 0;
async function person(from = BUSINESS): Promise<string> {
  const email = `perfil${++n}@demo.mx`;
  await addUser(t, email, from, { newTenant: from === WALLET });
  await t.token(email);
  return email;
}

describe('GET /api/v1/account/me', () => {
  it.each([
    [SUPER, 'FAR', 'super', true],
    [TECHFAR, 'FAR', 'techfar', false],
    [BUSINESS, 'BUS', 'business', false],
    [WALLET, 'WAL', 'wallet', false],
  ] as const)('gives %s their own data', async (who, kind, role, isSuper) => {
    const res = await getMe(who);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      v_email: who,
      kind,
      role: { v_uid: ROLE_IDS[role], v_name: role },
      isSuper,
      status: { v_name: 'activo' },
      hasPhoto: false,
      b_must_change_password: false,
    });
    expect(res.json().data.v_client.startsWith(kind)).toBe(true);
    expect(res.json().data).not.toHaveProperty('v_password_hash');
    expect(res.json().data).not.toHaveProperty('v_pin_hash');
  });

  it('needs a session', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/v1/account/me' })).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/account/me', () => {
  it('saves the editable fields and records it', async () => {
    // A user of a persona física's business (a persona moral's users have no last names, below).
    const email = await person(BUSINESS_2);
    const res = await putMe(email, {
      v_names: 'Mariana',
      v_last_name_1: 'López',
      v_last_name_2: '',
      v_cell_phone: '5598765432',
      v_phone: '5511223344',
      v_email_alternative: 'Otra@Correo.MX',
      v_ocuppation: 'Tesorera',
      d_birthdate_at: '1990-05-17',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status.message).toBe('Perfil actualizado');
    expect(res.json().data).toMatchObject({
      v_names: 'Mariana',
      v_last_name_1: 'López',
      v_last_name_2: null,
      v_cell_phone: '5598765432',
      v_phone: '5511223344',
      v_email_alternative: 'otra@correo.mx',
      v_ocuppation: 'Tesorera',
      d_birthdate_at: '1990-05-17',
    });
    expect((await getMe(email)).json().data.v_names).toBe('Mariana');
    expect(
      await count(
        t,
        'log_user',
        `v_section = 'Perfil' AND v_activity = 'Actualizó sus datos de perfil' AND v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`,
        [email],
      ),
    ).toBe(1);
  });

  it.each([
    [{ v_cell_phone: '55-1234' }, 'El teléfono debe tener 10 dígitos'],
    [{ v_phone: '123' }, 'El teléfono debe tener 10 dígitos'],
    [{ v_names: '' }, 'Este campo es requerido'],
    [{ v_names: undefined }, 'Este campo es requerido'],
    [{ v_email_alternative: 'otro@' }, 'Correo electrónico no válido'],
    [{ d_birthdate_at: '17/05/1990' }, 'Fecha no válida'],
    [{ v_phone_code: '52' }, 'Clave de país no válida'],
    [{ v_names: 'x'.repeat(61) }, 'Debe contener máximo 60 caracteres'],
  ])('refuses %j in Spanish and writes nothing', async (payload, message) => {
    const email = await person();
    const before = await snapshot(email);
    const res = await putMe(email, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, ErrorCode: 'VALIDATION', message });
    expect(res.json().errors[0].message).toBe(message);
    expect(await snapshot(email)).toEqual(before);
  });

  it('changes only the caller: identity, tenant and role in the body are ignored', async () => {
    const email = await person();
    const mine = await row(email);
    const other = await row(BUSINESS_2);
    const res = await putMe(email, { v_names: 'Solo yo', v_email: BUSINESS_2, v_client: other!.v_client, v_uid: other!.v_uid, v_uid_role: ROLE_IDS.super });
    expect(res.statusCode).toBe(200);
    expect(await row(email)).toMatchObject({ v_email: email, v_client: mine!.v_client, v_uid_role: ROLE_IDS.business, v_names: 'Solo yo' });
    expect(await row(BUSINESS_2)).toEqual(other);
  });

  it('needs Editar on /profile', async () => {
    const email = 'solo-ver@wallet.mx';
    await addUserWithGrants(t, email, WALLET, { '/profile': ['Ver'] }, { newTenant: true });
    await t.token(email);
    expect((await getMe(email)).statusCode).toBe(200);
    const before = await snapshot(email);
    const res = await putMe(email, { v_names: 'Cambio' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No tienes permiso para realizar esta acción');
    const photo = await upload(email, 'yo.png', PNG, 'image/png');
    expect(photo.statusCode).toBe(403);
    expect(await snapshot(email)).toEqual(before);
  });
});

describe('profile photo', () => {
  it('stores a PNG and serves the same bytes back', async () => {
    const email = await person(WALLET);
    expect((await getPhoto(email)).statusCode).toBe(404);
    const files = await count(t, 'files');
    const res = await upload(email, 'yo.png', PNG, 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: { message: 'Foto actualizada' }, data: { hasPhoto: true } });
    expect(await count(t, 'files')).toBe(files + 1);
    const photo = await getPhoto(email);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(PNG)).toBe(true);
  });

  it('replaces the previous photo instead of keeping both', async () => {
    const email = await person();
    await upload(email, 'uno.png', PNG, 'image/png');
    const files = await count(t, 'files');
    const res = await upload(email, 'dos.svg', SVG, 'image/svg+xml');
    expect(res.statusCode).toBe(200);
    expect(await count(t, 'files')).toBe(files);
    const photo = await getPhoto(email);
    expect(photo.headers['content-type']).toBe('image/svg+xml');
    expect(photo.headers['content-security-policy']).toContain('sandbox');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    // What is kept is the sanitiser's output: the same drawing, written again.
    expect(photo.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1" height="1"><rect width="1" height="1"\/><\/svg>$/,
    );
  });

  it("keeps an editor's SVG without its metadata", async () => {
    const email = await person();
    const inkscape =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" sodipodi:docname="a.svg"><sodipodi:namedview id="v"/><circle r="1" fill="red"/></svg>';
    expect((await upload(email, 'editor.svg', Buffer.from(inkscape))).statusCode).toBe(200);
    const photo = (await getPhoto(email)).body;
    expect(photo).toContain('<circle r="1" fill="red"/>');
    expect(photo).not.toContain('sodipodi');
  });

  const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';
  it.each([
    ['a script under a prefixed namespace', `<svg ${SVG_NS} xmlns:x="http://www.w3.org/2000/svg"><x:script>alert(1)</x:script></svg>`],
    [
      'an entity-encoded javascript: link',
      `<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript&#58;alert(1)"><text>x</text></a></svg>`,
    ],
    ['a javascript: link split by a tab', `<svg ${SVG_NS}><a href="jav&#x09;ascript:alert(1)"><text>x</text></a></svg>`],
    [
      'an iframe inside foreignObject',
      `<svg ${SVG_NS}><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"/></foreignObject></svg>`,
    ],
    [
      'a use of a data: document',
      `<svg ${SVG_NS}><use href="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4="/></svg>`,
    ],
    ['an event handler', `<svg ${SVG_NS} onload="alert(1)"><rect/></svg>`],
    ['a DOCTYPE with entities', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]><svg ${SVG_NS}><text>&a;</text></svg>`],
  ])('refuses an SVG photo with %s, on both photo uploads, and stores nothing', async (_what, svg) => {
    const email = await person();
    const before = await snapshot(email);
    const res = await upload(email, 'ataque.svg', Buffer.from(svg), 'image/svg+xml');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'VALIDATION', message: ACCEPT, errors: [{ field: 'file', key: 'accept' }] });
    expect(await snapshot(email)).toEqual(before);
    const [admin] = await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1`, [TECHFAR]);
    const staff = await t.call(SUPER, {
      method: 'POST',
      url: `/api/v1/profiles/users/action/upload-image?ClientKind=techfar&Id=${admin!.v_uid}`,
      ...multipart('ataque.svg', Buffer.from(svg), 'image/svg+xml'),
    });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().message).toBe(ACCEPT);
  });

  it.each([
    ['more than 2 MB', 'grande.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'No debe pesar más de 2MB'],
    ['a GIF', 'animada.gif', GIF, ACCEPT],
    ['a GIF renamed .png', 'animada.png', GIF, ACCEPT],
    ['a text file renamed .png', 'notas.png', Buffer.from('esto es texto, no una imagen'), ACCEPT],
    ['an SVG with a script', 'malicioso.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), ACCEPT],
    ['a file without extension', 'foto', PNG, ACCEPT],
  ])('refuses %s in Spanish and stores nothing', async (_what, name, content, message) => {
    const email = await person();
    await upload(email, 'previa.png', PNG, 'image/png');
    const before = await snapshot(email);
    const res = await upload(email, name, content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'VALIDATION', message, errors: [{ field: 'file', message }] });
    expect(await snapshot(email)).toEqual(before);
    expect((await getPhoto(email)).rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a request without a file part', async () => {
    const email = await person();
    const before = await snapshot(email);
    const res = await upload(email, 'yo.png', PNG, 'image/png', 'otro');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Este campo es requerido', errors: [{ field: 'file', key: 'required' }] });
    expect(await snapshot(email)).toEqual(before);
    const empty = await t.call(email, {
      method: 'POST',
      url: '/api/v1/account/me/photo',
      payload: '--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(empty.statusCode).toBe(400);
    expect(await snapshot(email)).toEqual(before);
  });

  it('serves each user only their own photo', async () => {
    const a = await person();
    const b = await person();
    await upload(a, 'a.png', PNG, 'image/png');
    expect((await getPhoto(b)).statusCode).toBe(404);
    expect((await getPhoto(b)).json().message).toBe('No tienes foto de perfil');
  });

  it('needs a session', async () => {
    expect((await t.call(null, { method: 'POST', url: '/api/v1/account/me/photo', ...multipart('yo.png', PNG) })).statusCode).toBe(401);
    expect((await t.call(null, { method: 'GET', url: '/api/v1/account/me/photo' })).statusCode).toBe(401);
  });
});

describe('a business user sees their business as the person it is', () => {
  const mine = (who: string) => t.call(who, { method: 'GET', url: '/api/v1/profiles/business/query/mine' });
  const userRow = async (email: string) =>
    (
      await t.sql<{ v_last_name_1: string | null; d_birthdate_at: string | null }>(`SELECT v_last_name_1, d_birthdate_at::text FROM users WHERE v_email = $1`, [
        email,
      ])
    )[0]!;

  it('a persona moral: razón social, RFC of 12 and the legal representative, no individual data', async () => {
    const res = await mine(BUSINESS);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({ IsMoral: true, CompanyName: 'Comercializadora Demo SA de CV', Name: null, LastName: null, Curp: null });
    expect(b.Rfc).toHaveLength(12);
    expect(b.LegalRepresentative === null || typeof b.LegalRepresentative.Name === 'string').toBe(true);
  });

  it('a persona física: the individual names, last names, RFC of 13 and CURP', async () => {
    const b = (await mine(BUSINESS_2)).json().data;
    expect(b).toMatchObject({
      IsMoral: false,
      Name: 'Lucía',
      LastName: 'Hernández',
      SecondLastName: 'Vega',
      Curp: 'HEVL850214MDFRGC07',
      LegalRepresentative: null,
    });
    expect(b.Rfc).toHaveLength(13);
  });

  it("refuses last names and a birth date in a persona moral's profile, beside each field, and writes nothing", async () => {
    const before = await userRow(BUSINESS);
    const res = await putMe(BUSINESS, { v_names: 'Comercializadora Demo SA de CV', v_last_name_1: 'Pérez', d_birthdate_at: '1990-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'v_last_name_1', key: 'moral', message: 'Una persona moral no tiene apellidos' },
      { field: 'd_birthdate_at', key: 'moral', message: 'Una persona moral no tiene fecha de nacimiento' },
    ]);
    expect(await userRow(BUSINESS)).toEqual(before);
    // Its contact data still saves.
    expect((await putMe(BUSINESS, { v_names: 'Comercializadora Demo SA de CV', v_email_alternative: 'contacto@demo.mx' })).statusCode).toBe(200);
  });

  it('lets a persona física keep last names and a birth date', async () => {
    const res = await putMe(BUSINESS_2, { v_names: 'Lucía', v_last_name_1: 'Hernández', d_birthdate_at: '1985-02-14' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await userRow(BUSINESS_2)).toMatchObject({ v_last_name_1: 'Hernández', d_birthdate_at: '1985-02-14' });
  });

  it('is for business users only', async () => {
    expect((await mine(TECHFAR)).statusCode).toBe(403);
    expect((await mine(WALLET)).statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url: '/api/v1/profiles/business/query/mine' })).statusCode).toBe(401);
  });
});
