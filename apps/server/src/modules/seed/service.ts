import { ROLE_IDS, STATUS_IDS, TYPES_PERSONS } from '@far/contracts';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { hashSecret } from '../../platform/passwords';
import { recordActivity } from '../audit';
import { seedBusiness } from '../businesses';
import { seedCmsDemo, seedContentTypes } from '../cms';
import { lookupPostalCode, seedPostalCodes } from '../postal-codes';
import { seedPricing, seedPricingDemo } from '../pricing';
import { seedRbac } from '../rbac';
import { seedSpeiDemo } from '../spei';
import { seedDepartments } from '../staff';
import * as users from '../users';

const PERSONA_MORAL = TYPES_PERSONS[0]!.v_uid;
const PERSONA_FISICA = TYPES_PERSONS[1]!.v_uid;

export const DEMO_USERS = [
  { email: 'super@far.mx', role: ROLE_IDS.super, kind: 'FAR', names: 'Sofía', last1: 'Ramírez', last2: 'Ortega' },
  { email: 'operador@far.mx', role: ROLE_IDS.techfar, kind: 'FAR', names: 'Carlos', last1: 'Méndez', last2: 'Luna' },
  { email: 'empresa@demo.mx', role: ROLE_IDS.business, kind: 'BUS', names: 'Comercializadora Demo SA de CV', rfc: 'CDE190312AB6', typePerson: PERSONA_MORAL },
  {
    email: 'negocio@demo.mx',
    role: ROLE_IDS.business,
    kind: 'BUS',
    names: 'Lucía',
    last1: 'Hernández',
    last2: 'Vega',
    rfc: 'HEVL850214QX9',
    curp: 'HEVL850214MDFRGC07',
    typePerson: PERSONA_FISICA,
  },
  { email: 'wallet@demo.mx', role: ROLE_IDS.wallet, kind: 'WAL', names: 'Diego', last1: 'Torres', last2: 'Salas' },
] as const;

/** The demo businesses (active, with their CLABE); their users above share their v_client. */
const DEMO_BUSINESSES: Record<
  string,
  {
    street: string;
    exterior: string;
    interior?: string;
    zip: string;
    colony: string;
    legalRepresentative?: { v_names: string; v_last_name_1: string; v_last_name_2: string; v_email: string };
  }
> = {
  'empresa@demo.mx': {
    street: 'Paseo de la Reforma',
    exterior: '222',
    interior: 'Piso 5',
    zip: '06600',
    colony: 'Juárez',
    legalRepresentative: { v_names: 'Mariana', v_last_name_1: 'López', v_last_name_2: 'Ruiz', v_email: 'representante@demo.mx' },
  },
  'negocio@demo.mx': { street: 'Álvaro Obregón', exterior: '120', zip: '06700', colony: 'Roma Norte' },
};

/**
 * System data always; demo users only where configured (embedded default or FAR_DEMO=1); in
 * production, the first super admin from FAR_ADMIN_EMAIL / FAR_ADMIN_PASSWORD. Only an empty
 * users table is seeded, so a restart never resets anyone's password.
 */
export async function seed(db: Db, config: Config): Promise<void> {
  await db.transaction(async (tx) => {
    await seedRbac(tx);
    await seedDepartments(tx);
    await seedPostalCodes(tx);
    await seedPricing(tx);
    await seedContentTypes(tx);
  });
  if ((await users.countUsers(db)) > 0) return;
  if (config.seedDemo) return seedDemo(db, config.demoPassword);
  if (config.adminEmail && config.adminPassword) {
    const hash = await hashSecret(config.adminPassword);
    await db.transaction(async (tx) => {
      const u = await users.insertUser(tx, {
        v_email: config.adminEmail!,
        v_names: 'Administrador',
        v_client: await users.nextClientNumber(tx, 'FAR'),
        v_uid_role: ROLE_IDS.super,
        v_uid_status: STATUS_IDS.activo,
        v_password_hash: hash,
        d_activation_at: new Date(),
      });
      await recordActivity(tx, {
        actor: null,
        parentUserId: u.v_uid,
        section: 'Usuarios administradores',
        action: 'Agregar',
        activity: `Alta del primer super administrador ${u.v_email}`,
      });
    });
    return;
  }
  if (config.env === 'production') {
    throw new Error('La base de datos no tiene usuarios: define FAR_ADMIN_EMAIL y FAR_ADMIN_PASSWORD para crear el primer super administrador');
  }
}

export async function seedDemo(db: Db, password: string): Promise<void> {
  const hash = await hashSecret(password);
  await db.transaction(async (tx) => {
    for (const d of DEMO_USERS) {
      const b = DEMO_BUSINESSES[d.email];
      const business = b && 'rfc' in d ? await demoBusiness(tx, d, b) : undefined;
      const u = await users.insertUser(tx, {
        v_email: d.email,
        v_names: d.names,
        v_last_name_1: 'last1' in d ? d.last1 : null,
        v_last_name_2: 'last2' in d ? d.last2 : null,
        v_rfc: 'rfc' in d ? d.rfc : null,
        v_curp: 'curp' in d ? d.curp : null,
        v_uid_type_person: 'typePerson' in d ? d.typePerson : null,
        v_cell_phone: '5512345678',
        v_client: business?.v_client ?? (await users.nextClientNumber(tx, d.kind)),
        v_uid_role: d.role,
        v_uid_status: STATUS_IDS.activo,
        v_password_hash: hash,
        d_activation_at: new Date(),
      });
      await recordActivity(tx, {
        actor: null,
        parentUserId: u.v_uid,
        section: 'Demostración',
        action: 'Agregar',
        activity: `Usuario de demostración ${u.v_email}`,
      });
    }
  });
  await seedPricingDemo(db);
  await seedSpeiDemo(db);
  await seedCmsDemo(db);
}

type DemoBusinessUser = Extract<(typeof DEMO_USERS)[number], { rfc: string }>;

async function demoBusiness(tx: Tx, d: DemoBusinessUser, b: (typeof DEMO_BUSINESSES)[string]) {
  const place = await lookupPostalCode(tx, b.zip);
  const colony = place?.Colonies.find((c) => c.Name === b.colony);
  if (!place || !colony) throw new Error(`Falta el código postal ${b.zip} de la semilla`);
  const moral = d.typePerson === PERSONA_MORAL;
  return seedBusiness(tx, {
    v_uid_type_person: d.typePerson,
    v_company_name: moral ? d.names : null,
    v_names: moral ? null : d.names,
    v_last_name_1: 'last1' in d ? d.last1 : null,
    v_last_name_2: 'last2' in d ? d.last2 : null,
    v_rfc: d.rfc,
    v_curp: 'curp' in d ? d.curp : null,
    v_email: d.email,
    v_cell_phone: moral ? null : '5512345678',
    v_street: b.street,
    v_number_outside: b.exterior,
    v_number_indoor: b.interior ?? null,
    v_zip_code: b.zip,
    v_uid_colony: colony.Id,
    v_colony: colony.Name,
    v_municipality: place.Municipality,
    v_city: place.City,
    v_state: place.State,
    legalRepresentative: b.legalRepresentative,
  });
}
