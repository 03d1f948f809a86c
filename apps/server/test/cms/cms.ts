/** Helpers of the CMS API tests: uploads, bodies of the three seeded types, and row counts. */
import { SYSTEM_CONTENT_TYPES, type ContentSystemName } from '@far/contracts';
import { expect } from 'vitest';
import { SUPER, count, type TestApp } from '../helpers';
import { multipart, png } from '../people';

export const typeId = (name: ContentSystemName) => SYSTEM_CONTENT_TYPES.find((t) => t.v_system_name === name)!.v_uid;

export async function uploadImage(t: TestApp, name = 'icono.png', content: Buffer = png(), email = SUPER) {
  return t.call(email, { method: 'POST', url: '/api/cms/files', ...multipart({}, { name, content, type: 'image/png' }) });
}

/** The URL of a freshly uploaded PNG. */
export async function imageUrl(t: TestApp): Promise<string> {
  const res = await uploadImage(t);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.Url as string;
}

export const tutorialVideo = (icon: string, extra: Record<string, unknown> = {}) => ({
  ContentTypeId: typeId('tutorial'),
  Name: 'Tutorial de video',
  Value: { icon, type: 'video', url: 'https://www.youtube.com/watch?v=abc', ...extra },
});

export const faq = (icon: string, questions = [{ question: 'Qué es FAR', answer: 'Una cuenta de pago.' }]) => ({
  ContentTypeId: typeId('faq'),
  Name: 'Preguntas',
  Value: { icon, questions },
});

export const legal = (content = '<p>Aceptas los términos.</p>', name = 'Aviso legal') => ({ ContentTypeId: typeId('legal'), Name: name, Value: { content } });

export async function create(t: TestApp, body: Record<string, unknown>, email = SUPER) {
  const res = await t.call(email, { method: 'POST', url: '/api/cms/content', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { Id: string; Version: number; Status: string; Value: Record<string, unknown>; Order: number };
}

/** Every CMS row, to prove a refused call wrote nothing. */
export async function cmsRows(t: TestApp) {
  return {
    types: await count(t, 'cms_content_types'),
    contents: await count(t, 'cms_contents'),
    versions: await count(t, 'cms_content_versions'),
    files: await count(t, 'cms_files'),
    acceptances: await count(t, 'cms_legal_acceptances'),
  };
}
