import { CMS_SECTION_IDS, CMS_STATUS_IDS, SYSTEM_CONTENT_TYPES, cmsFileUrl, type CmsSection, type ContentSystemName } from '@far/contracts';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storeFile } from '../files';
import { systemNameOf } from './contents';
import { cmsContentVersions, cmsContents, cmsFiles } from './schema';
import { prepareValues } from './values';

export { seedContentTypes } from './content-types';

const ICON = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1c7ed6"/><path d="M20 34l8 8 16-18" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

const LEGAL_HTML =
  '<h2>Términos y condiciones de uso</h2><p>Al usar FAR Portal aceptas que tus operaciones se registren para su seguimiento y aclaración.</p><ul><li>Tus datos se tratan conforme al aviso de privacidad.</li><li>Las comisiones vigentes se muestran antes de cada operación.</li></ul>';

const PRIVACY_HTML =
  '<h2>Aviso de privacidad</h2><p>FAR Portal trata tus datos personales (nombre, correo, teléfono y operaciones) para abrir y operar tu cuenta, prevenir fraudes y cumplir con la regulación financiera.</p><p>Puedes ejercer tus derechos de acceso, rectificación, cancelación y oposición escribiendo a privacidad@far.mx.</p>';

type Demo = { section: CmsSection; type: ContentSystemName; name: string; value: (icon: string) => Record<string, unknown> };

const DEMO: Demo[] = [
  {
    section: 'business',
    type: 'tutorial',
    name: 'Cómo enviar una transferencia SPEI',
    value: (icon) => ({ icon, type: 'video', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }),
  },
  {
    section: 'business',
    type: 'tutorial',
    name: 'Alta de una cuenta destino',
    value: (icon) => ({
      icon,
      type: 'imagen',
      images: [
        { image: icon, text: 'Abre el menú Alta de cuentas', link: '/account' },
        { image: icon, text: 'Captura la CLABE y el alias de la cuenta', link: '/account' },
      ],
    }),
  },
  {
    section: 'business',
    type: 'faq',
    name: 'Preguntas frecuentes',
    value: (icon) => ({
      icon,
      questions: [
        { question: 'Qué es la CLABE', answer: 'Es la clave bancaria estandarizada de 18 dígitos de tu cuenta.' },
        { question: 'Cuánto tarda un SPEI', answer: 'Normalmente unos segundos (en horario del banco receptor).' },
        { question: 'Cómo pido aclaración', answer: 'Desde el menú Aclaraciones con el folio del movimiento.' },
      ],
    }),
  },
  { section: 'business', type: 'legal', name: 'Términos y condiciones', value: () => ({ content: LEGAL_HTML }) },
  { section: 'business', type: 'legal', name: 'Aviso de privacidad', value: () => ({ content: PRIVACY_HTML }) },
  {
    section: 'wallet',
    type: 'faq',
    name: 'Preguntas frecuentes Wallet',
    value: (icon) => ({ icon, questions: [{ question: 'Cómo recargo saldo', answer: 'Recibe una transferencia SPEI a la CLABE de tu cuenta.' }] }),
  },
  { section: 'wallet', type: 'legal', name: 'Términos y condiciones Wallet', value: () => ({ content: LEGAL_HTML }) },
  { section: 'wallet', type: 'legal', name: 'Aviso de privacidad Wallet', value: () => ({ content: PRIVACY_HTML }) },
];

/** A little published help for the demo, once. Its legal texts are accepted by each user at sign-up or first sign-in. */
export async function seedCmsDemo(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(cmsContents);
  if ((existing?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    const fileId = await storeFile(tx, { name: 'icono.svg', mediaType: 'image/svg+xml', content: Buffer.from(ICON) });
    await tx.insert(cmsFiles).values({ v_uid_file: fileId });
    const published = new Date('2026-01-01T06:00:00Z');
    for (const [index, d] of DEMO.entries()) {
      const type = SYSTEM_CONTENT_TYPES.find((t) => t.v_system_name === d.type)!;
      const values = await prepareValues(tx, type.t_json, d.value(cmsFileUrl(fileId)), d.section);
      const [row] = await tx
        .insert(cmsContents)
        .values({
          v_uid_section: CMS_SECTION_IDS[d.section],
          v_uid_content_type: type.v_uid,
          v_name: d.name,
          v_system_name: systemNameOf(d.name),
          t_json: values,
          v_uid_status: CMS_STATUS_IDS.publicado,
          i_order: index + 1,
          d_published_at: published,
          d_create_at: published,
          d_update_at: published,
        })
        .returning();
      await tx
        .insert(cmsContentVersions)
        .values({ v_uid_content: row!.v_uid, i_version: 1, v_name: d.name, t_json: values, v_uid_status: CMS_STATUS_IDS.publicado, d_create_at: published });
    }
  });
}
