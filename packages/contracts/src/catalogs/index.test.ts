import { describe, expect, it } from 'vitest';
import { isUuidV4 } from '../validation/engine';
import {
  AREAS,
  BANKS,
  CATALOGS,
  CATALOG_NAMES,
  CMS_SECTIONS,
  DEPARTMENTS,
  FINANCIAL_INSTITUTIONS,
  TYPES_CLARIFICATIONS,
  TYPES_INCIDENTS,
  TYPES_PERSONS,
  bankByClabePrefix,
  banks,
  catalogItem,
  isCatalogName,
} from './index';
import { PERMISSION_IDS, ROLE_IDS } from './rbac';
import spei from './spei-participants.json';
import { STATUS_IDS } from './status';
import { fixedUid } from './uid';

const names = (items: ReadonlyArray<{ v_name: string }>) => items.map((i) => i.v_name);

describe('catalogue names', () => {
  it('are the nine of spec §3', () => {
    expect(CATALOG_NAMES).toEqual([
      'roles',
      'permissions',
      'cms-sections',
      'status',
      'types-persons',
      'area',
      'types-incidents',
      'financials-institutions',
      'types-clarifications',
    ]);
    expect(Object.keys(CATALOGS)).toEqual([...CATALOG_NAMES]);
    expect(isCatalogName('area')).toBe(true);
    expect(isCatalogName('areas')).toBe(false);
  });
});

describe('small catalogues', () => {
  it('have the expected Spanish names', () => {
    expect(names(CMS_SECTIONS)).toEqual(['business', 'wallet']);
    expect(names(TYPES_PERSONS)).toEqual(['Persona moral', 'Persona física']);
    expect(names(AREAS)).toEqual(['Administración', 'Soporte Técnico', 'Ventas']);
    expect(DEPARTMENTS).toBe(AREAS);
    expect(names(TYPES_INCIDENTS)).toEqual(['Seguridad', 'Validación', 'Sistema', 'Integración']);
    expect(names(TYPES_CLARIFICATIONS)).toEqual(['Cargo no reconocido', 'Transferencia no recibida', 'Saldo incorrecto', 'Tarjeta bloqueada', 'Otro']);
  });

  it('have fixed ids', () => {
    expect(TYPES_PERSONS[0]).toEqual({ v_uid: '4b8c9d20-0000-4000-8000-000000000001', v_name: 'Persona moral', i_active: true });
    expect(AREAS[2]?.v_uid).toBe('5c9dae30-0000-4000-8000-000000000003');
    expect(CMS_SECTIONS[1]?.v_uid).toBe('3a7b8c10-0000-4000-8000-000000000002');
  });

  it('carry roles, permissions and statuses from their own modules', () => {
    expect(CATALOGS.roles).toContainEqual({ v_uid: ROLE_IDS.business, v_name: 'business', i_active: true });
    expect(CATALOGS.permissions).toContainEqual({ v_uid: PERMISSION_IDS.Desvincular, v_name: 'Desvincular', i_active: true });
    expect(CATALOGS.status).toContainEqual({ v_uid: STATUS_IDS.rechazado, v_name: 'rechazado', i_active: true });
  });

  it('use version-4 shaped ids that are unique across every catalogue', () => {
    const all = CATALOG_NAMES.flatMap((name) => CATALOGS[name].map((item) => item.v_uid));
    expect(all.every(isUuidV4)).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });

  it('look items up by id', () => {
    expect(catalogItem('area', '5C9DAE30-0000-4000-8000-000000000002')?.v_name).toBe('Soporte Técnico');
    expect(catalogItem('area', STATUS_IDS.activo)).toBeUndefined();
  });
});

describe('financial institutions', () => {
  it('come from the SPEI participant list', () => {
    expect(BANKS).toHaveLength(spei.banks.length);
    expect(banks).toBe(BANKS);
    expect(BANKS[0]).toEqual({ code: '001', speiKey: '2001', name: 'Banxico' });
    expect(FINANCIAL_INSTITUTIONS).toHaveLength(BANKS.length);
  });

  it('derive the id from the bank code', () => {
    expect(FINANCIAL_INSTITUTIONS.find((i) => i.v_code === '002')).toEqual({
      v_uid: 'b2c3d4e0-0000-4000-8000-000000000002',
      v_name: 'Banamex',
      i_active: true,
      v_code: '002',
    });
    expect(FINANCIAL_INSTITUTIONS.find((i) => i.v_code === '646')?.v_uid).toBe('b2c3d4e0-0000-4000-8000-000000000646');
  });

  it('find the bank of a CLABE or of its prefix', () => {
    expect(bankByClabePrefix('002')?.name).toBe('Banamex');
    expect(bankByClabePrefix('002010077777777771')).toEqual({ code: '002', speiKey: '40002', name: 'Banamex' });
    expect(bankByClabePrefix('012')?.name).toBe('BBVA Mexico');
    expect(bankByClabePrefix('646')?.name).toBe('STP');
    expect(bankByClabePrefix('999')).toBeUndefined();
    expect(bankByClabePrefix('')).toBeUndefined();
  });
});

describe('fixedUid', () => {
  it('builds version-4 shaped ids and refuses bad parts', () => {
    expect(fixedUid('abcdef01', 7)).toBe('abcdef01-0000-4000-8000-000000000007');
    expect(() => fixedUid('ABCDEF01', 1)).toThrow(RangeError);
    expect(() => fixedUid('abc', 1)).toThrow(RangeError);
    expect(() => fixedUid('abcdef01', -1)).toThrow(RangeError);
    expect(() => fixedUid('abcdef01', 1e12)).toThrow(RangeError);
  });
});
