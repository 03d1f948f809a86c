import { describe, expect, it } from 'vitest';
import { isUuidV4 } from '../validation/engine';
import { STATUS_CATALOG, STATUS_IDS, STATUS_NAMES, isStatusName, statusLabel, statusName } from './status';

describe('status catalogue', () => {
  it('holds the §4 names plus rechazado, with fixed ids and Spanish labels', () => {
    expect(STATUS_CATALOG).toEqual([
      { v_uid: '5d0e1f40-0000-4000-8000-000000000001', v_name: 'activo', label: 'Activo' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000002', v_name: 'inactivo', label: 'Inactivo' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000003', v_name: 'desactivado', label: 'Desactivado' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000004', v_name: 'activo-bloqueado', label: 'Activo bloqueado' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000005', v_name: 'activo-desbloqueado', label: 'Activo desbloqueado' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000006', v_name: 'inactivo-bloqueado', label: 'Inactivo bloqueado' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000007', v_name: 'inactivo-desbloqueado', label: 'Inactivo desbloqueado' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000008', v_name: 'pendiente', label: 'Pendiente' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000009', v_name: 'finalizado', label: 'Finalizado' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000010', v_name: 'no-finalizado', label: 'No finalizado' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000011', v_name: 'leido', label: 'Leído' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000012', v_name: 'no-leido', label: 'No leído' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000013', v_name: 'en-proceso', label: 'En proceso' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000014', v_name: 'por-abrir', label: 'Por abrir' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000015', v_name: 'cerrado', label: 'Cerrado' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000016', v_name: 'escalada', label: 'Escalada' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000017', v_name: 'eliminado', label: 'Eliminado' },
      { v_uid: '5d0e1f40-0000-4000-8000-000000000018', v_name: 'rechazado', label: 'Rechazado' },
    ]);
  });

  it('maps names to ids and back', () => {
    expect(STATUS_IDS.activo).toBe('5d0e1f40-0000-4000-8000-000000000001');
    expect(STATUS_IDS['inactivo-bloqueado']).toBe('5d0e1f40-0000-4000-8000-000000000006');
    for (const name of STATUS_NAMES) expect(statusName(STATUS_IDS[name])).toBe(name);
    expect(statusName('5D0E1F40-0000-4000-8000-000000000018')).toBe('rechazado');
    expect(statusName('5d0e1f40-0000-4000-8000-000000000099')).toBeUndefined();
    expect(Object.isFrozen(STATUS_IDS)).toBe(true);
  });

  it('uses unique version-4 shaped ids', () => {
    const ids = STATUS_CATALOG.map((s) => s.v_uid);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every(isUuidV4)).toBe(true);
  });

  it('gives labels by name or id', () => {
    expect(statusLabel('activo-bloqueado')).toBe('Activo bloqueado');
    expect(statusLabel(STATUS_IDS['no-leido'])).toBe('No leído');
    expect(statusLabel('nada')).toBeUndefined();
    expect(isStatusName('leido')).toBe(true);
    expect(isStatusName('toString')).toBe(false);
  });
});
