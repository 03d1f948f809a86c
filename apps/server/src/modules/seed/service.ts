import { ROLE_IDS, STATUS_IDS, TYPES_PERSONS } from '@far/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { hashSecret } from '../../platform/passwords';
import { recordActivity } from '../audit';
import { seedRbac } from '../rbac';
import * as users from '../users';

const PERSONA_MORAL = TYPES_PERSONS[0]!.v_uid;
const PERSONA_FISICA = TYPES_PERSONS[1]!.v_uid;

export const DEMO_USERS = [
  { email: 'super@far.mx', role: ROLE_IDS.super, kind: 'FAR', names: 'Sofía', last1: 'Ramírez', last2: 'Ortega' },
  { email: 'operador@far.mx', role: ROLE_IDS.techfar, kind: 'FAR', names: 'Carlos', last1: 'Méndez', last2: 'Luna' },
  { email: 'empresa@demo.mx', role: ROLE_IDS.business, kind: 'BUS', names: 'Comercializadora Demo SA de CV', rfc: 'CDE190312AB1', typePerson: PERSONA_MORAL },
  { email: 'negocio@demo.mx', role: ROLE_IDS.business, kind: 'BUS', names: 'Lucía', last1: 'Hernández', last2: 'Vega', rfc: 'HEVL850214QX3', curp: 'HEVL850214MDFRGC09', typePerson: PERSONA_FISICA },
  { email: 'wallet@demo.mx', role: ROLE_IDS.wallet, kind: 'WAL', names: 'Diego', last1: 'Torres', last2: 'Salas' },
] as const;

/**
 * System data always; demo users only where configured (embedded default or FAR_DEMO=1); in
 * production, the first super admin from FAR_ADMIN_EMAIL / FAR_ADMIN_PASSWORD. Only an empty
 * users table is seeded, so a restart never resets anyone's password.
 */
export async function seed(db: Db, config: Config): Promise<void> {
  await db.transaction((tx) => seedRbac(tx));
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
      await recordActivity(tx, { actor: null, parentUserId: u.v_uid, section: 'Usuarios administradores', action: 'Agregar', activity: `Alta del primer super administrador ${u.v_email}` });
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
      const u = await users.insertUser(tx, {
        v_email: d.email,
        v_names: d.names,
        v_last_name_1: 'last1' in d ? d.last1 : null,
        v_last_name_2: 'last2' in d ? d.last2 : null,
        v_rfc: 'rfc' in d ? d.rfc : null,
        v_curp: 'curp' in d ? d.curp : null,
        v_uid_type_person: 'typePerson' in d ? d.typePerson : null,
        v_cell_phone: '5512345678',
        v_client: await users.nextClientNumber(tx, d.kind),
        v_uid_role: d.role,
        v_uid_status: STATUS_IDS.activo,
        v_password_hash: hash,
        d_activation_at: new Date(),
        d_terms_accepted_at: new Date(),
      });
      await recordActivity(tx, { actor: null, parentUserId: u.v_uid, section: 'Demostración', action: 'Agregar', activity: `Usuario de demostración ${u.v_email}` });
    }
  });
}
