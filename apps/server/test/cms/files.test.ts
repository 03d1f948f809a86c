import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, SUPER, WALLET, createTestApp, type TestApp } from '../helpers';
import { multipart, pdf, png, refused } from '../people';
import { cmsRows, uploadImage } from './cms';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ACCEPT = 'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg';
const MB = 1024 * 1024;
/** A PNG padded to `size` bytes: still sniffed as PNG. */
const bigPng = (size: number) => Buffer.concat([png(), Buffer.alloc(size - png().length)]);
const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`);

describe('POST /api/cms/files', () => {
  it('stores an image in the database and serves it with its type and cache headers', async () => {
    const res = await uploadImage(t);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().data;
    expect(file).toMatchObject({ Name: 'icono.png', MediaType: 'image/png', Size: png().length, Url: `/api/cms/files/${file.Id}` });
    const served = await t.app.inject({ method: 'GET', url: file.Url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png())).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: file.Url, headers: { 'if-none-match': served.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('accepts exactly 2 MB (2×1024×1024 bytes) and a clean SVG', async () => {
    expect((await uploadImage(t, 'grande.png', bigPng(2 * MB))).statusCode).toBe(200);
    const clean = await uploadImage(t, 'logo.svg', svg('<rect width="10" height="10" fill="red"/>'));
    expect(clean.json().data.MediaType).toBe('image/svg+xml');
  });

  it.each([
    ['over 2 MB', 'grande.png', bigPng(2 * MB + 1), 'No debe pesar más de 2MB'],
    ['a 3 MB image', 'grande.png', bigPng(3 * MB), 'No debe pesar más de 2MB'],
    ['a .gif', 'anim.gif', Buffer.from('GIF89a'), ACCEPT],
    ['a PDF renamed .png', 'falso.png', pdf(), ACCEPT],
    ['an SVG with a script', 'x.svg', svg('<script>alert(1)</script>'), ACCEPT],
    ['an SVG with an event attribute', 'x.svg', svg('<rect onload="alert(1)"/>'), ACCEPT],
    ['an SVG with a javascript: link', 'x.svg', svg('<a href="javascript:alert(1)"><rect/></a>'), ACCEPT],
    ['an SVG with foreignObject', 'x.svg', svg('<foreignObject><div>hola</div></foreignObject>'), ACCEPT],
  ])('refuses %s (400, nothing written)', async (_what, name, content, message) => {
    const before = await cmsRows(t);
    const res = refused(await uploadImage(t, name, content), 400, message);
    expect(res.errors?.[0]?.field).toBe('file');
    expect(await cmsRows(t)).toEqual(before);
  });

  it('refuses a request without a file', async () => {
    refused(await t.call(SUPER, { method: 'POST', url: '/api/cms/files', ...multipart({}) }), 400, 'Este campo es requerido');
  });

  it('refuses business and wallet users (403)', async () => {
    for (const who of [BUSINESS, WALLET]) refused(await uploadImage(t, 'icono.png', png(), who), 403);
  });
});

describe('POST /api/cms/files/{uid}', () => {
  it('replaces the bytes under the same URL', async () => {
    const first = (await uploadImage(t)).json().data;
    const replacement = svg('<circle r="4"/>');
    const res = await t.call(SUPER, { method: 'POST', url: first.Url, ...multipart({}, { name: 'nuevo.svg', content: replacement }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ Id: first.Id, Url: first.Url, MediaType: 'image/svg+xml' });
    const served = await t.app.inject({ method: 'GET', url: first.Url });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    // Stored as the sanitiser leaves it: the same drawing, viewBox kept.
    expect(served.body).toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>');
    refused(await t.call(SUPER, { method: 'POST', url: first.Url, ...multipart({}, { name: 'x.svg', content: svg('<script/>') }) }), 400, ACCEPT);
    expect((await t.app.inject({ method: 'GET', url: first.Url })).body).toBe(served.body);
    refused(await t.call(BUSINESS, { method: 'POST', url: first.Url, ...multipart({}, { name: 'n.png', content: png() }) }), 403);
  });

  it('answers 404 for ids that are not CMS files (other modules keep their files private)', async () => {
    const [other] = await t.sql<{ v_uid: string }>(
      `INSERT INTO files (v_name, v_media_type, i_size, v_sha256, b_content) VALUES ('doc.pdf', 'application/pdf', 1, 'x', '\\x00') RETURNING v_uid`,
    );
    refused(await t.app.inject({ method: 'GET', url: `/api/cms/files/${other!.v_uid}` }), 404, 'Archivo no encontrado');
    refused(
      await t.call(SUPER, { method: 'POST', url: `/api/cms/files/${other!.v_uid}`, ...multipart({}, { name: 'n.png', content: png() }) }),
      404,
      'Archivo no encontrado',
    );
  });
});
