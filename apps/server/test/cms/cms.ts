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
  v_uid_content_type: typeId('tutorial'),
  v_name: 'Tutorial de video',
  t_json: { icon, type: 'video', url: 'https://www.youtube.com/watch?v=abc', ...extra },
});

export const faq = (icon: string, questions = [{ question: 'Qué es FAR', answer: 'Una cuenta de pago.' }]) => ({
  v_uid_content_type: typeId('faq'),
  v_name: 'Preguntas',
  t_json: { icon, questions },
});

export const legal = (content = '<p>Aceptas los términos.</p>', name = 'Aviso legal') => ({
  v_uid_content_type: typeId('legal'),
  v_name: name,
  t_json: { content },
});

export async function create(t: TestApp, body: Record<string, unknown>, email = SUPER) {
  const res = await t.call(email, { method: 'POST', url: '/api/cms/content', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { v_uid: string; i_version: number; Status: string; t_json: Record<string, unknown>; i_order: number };
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
