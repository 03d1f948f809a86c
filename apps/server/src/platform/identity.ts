import { validateCurp, validateRfc, type FieldError, type RfcIssue, type RfcKind } from '@far/contracts';
import { AppError } from './errors';

/** Collects every bad field of a form, so the person sees all of them at once. */
export class FieldErrors {
  private readonly list: FieldError[] = [];
  add(field: string, message: string, key = 'invalid'): void {
    this.list.push({ field, key, message });
  }
  get empty(): boolean {
    return this.list.length === 0;
  }
  throwIfAny(): void {
    if (this.list.length) throw new AppError('VALIDATION', this.list[0]!.message, { errors: [...this.list] });
  }
}

/** An RFC checked for length (per kind of person), format and date; a check-digit mismatch is returned as a warning. */
export function checkRfc(errors: FieldErrors, field: string, value: string, kind: RfcKind): { rfc: string; warnings: RfcIssue[] } {
  const r = validateRfc(value, kind);
  for (const e of r.errors) errors.add(field, e.message, e.key);
  return { rfc: r.rfc, warnings: r.warnings };
}

/**
 * SAT has issued RFCs whose check digit does not follow its algorithm, so a mismatch is a warning
 * the operator confirms (ConfirmRfcWarning); unconfirmed it is refused with 422 and the warnings.
 */
export function assertRfcWarningsConfirmed(field: string, warnings: RfcIssue[], confirmed: boolean): void {
  if (!warnings.length || confirmed) return;
  throw new AppError('BUSINESS_RULE', warnings[0]!.message, {
    data: { RequiresConfirmation: true, Warnings: warnings.map((w) => ({ field, key: w.key, message: w.message })) },
  });
}

/** A CURP checked for length, format, date and check digit (RENAPO's digit is never wrong: an error). */
export function checkCurp(errors: FieldErrors, field: string, value: string): { curp: string; birthDate?: string } {
  const r = validateCurp(value);
  if (!r.ok) {
    errors.add(field, r.message, r.key);
    return { curp: value.trim().toUpperCase() };
  }
  return { curp: r.curp, birthDate: r.birthDate };
}

/** A Mexican number has 10 digits; other countries 7 to 15 (already checked by the schema). */
export function checkPhone(errors: FieldErrors, field: string, number: string | undefined, code: string): void {
  if (number && code === '+52' && number.length !== 10) errors.add(field, 'El teléfono debe tener 10 dígitos', 'pattern');
}

/** A day in the past; with minAge, at least that many years before today (Mexico City date). */
export function checkPastDate(errors: FieldErrors, field: string, day: string | undefined, opts: { minAge?: number } = {}): void {
  if (!day) return;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' });
  if (day > today) return errors.add(field, 'La fecha no puede ser futura', 'max');
  if (opts.minAge) {
    const [y, m, d] = today.split('-');
    const limit = `${Number(y) - opts.minAge}-${m}-${d}`;
    if (day > limit) errors.add(field, `Debe tener al menos ${opts.minAge} años`, 'min');
  }
}
