import { STATUS_IDS } from '@far/contracts';
import { describe, expect, it } from 'vitest';
import { availableActions, lifecycleOf } from './lifecycle';
import { validatePdf } from './photo';

describe('lifecycleOf / availableActions', () => {
  it('reads the two facts of a status and offers only the actions that change something', () => {
    expect(availableActions(lifecycleOf({ Name: 'activo', IsBlocked: false }))).toEqual(['desactivar', 'bloquear']);
    expect(availableActions(lifecycleOf({ Name: 'activo-bloqueado', IsBlocked: true }))).toEqual(['desactivar', 'desbloquear']);
    expect(availableActions(lifecycleOf('inactivo-desbloqueado'))).toEqual(['activar', 'bloquear']);
    expect(availableActions(lifecycleOf(STATUS_IDS['inactivo-bloqueado']))).toEqual(['activar', 'desbloquear']);
    expect(lifecycleOf('pendiente')).toMatchObject({ active: false, pending: true, blocked: false });
    expect(availableActions(lifecycleOf('eliminado'))).toEqual([]);
  });
});

describe('validatePdf', () => {
  const file = (name: string, size: number) => {
    const f = new File(['%PDF-'], name, { type: 'application/pdf' });
    Object.defineProperty(f, 'size', { value: size });
    return f;
  };
  it('accepts a .pdf up to 10 MB and refuses the rest with the server messages', () => {
    expect(validatePdf(file('acta.PDF', 10 * 1024 * 1024))).toBeNull();
    expect(validatePdf(file('acta.pdf', 10 * 1024 * 1024 + 1))).toBe('No debe pesar más de 10MB');
    expect(validatePdf(file('acta.docx', 10))).toBe('Archivo no válido, solo se aceptan archivos .pdf');
    expect(validatePdf(null)).toBe('Este campo es requerido');
  });
});

describe('parseDayInput', () => {
  it('reads dd/mm/aaaa and ISO days, and refuses days that do not exist', async () => {
    const { parseDayInput } = await import('./dates');
    expect(parseDayInput('15/03/1990')).toBe('1990-03-15');
    expect(parseDayInput('5-3-1990')).toBe('1990-03-05');
    expect(parseDayInput('1990-03-15')).toBe('1990-03-15');
    expect(parseDayInput('31/02/1990')).toBeNull();
    expect(parseDayInput('marzo')).toBeNull();
  });
});
