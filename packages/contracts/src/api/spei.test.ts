import { describe, expect, it } from 'vitest';
import { SANDBOX_BANKS, bankByClabePrefix, isSandboxBank } from '../catalogs';
import { buildClabe, validateClabe } from '../ids/clabe';
import { CommissionAmountField, LimitUpsertBody, PercentField } from './pricing';
import { BusinessMovementDetail, LedgerEntry } from './movements';
import {
  BeneficiaryNameField,
  ConceptField,
  NumericReferenceField,
  PAYMENT_DAY_DESCRIPTION,
  SPEC_ERROR_DESCRIPTIONS,
  SPEI_MESSAGES,
  SecurityCodeField,
  SpeiOutBody,
  isFuturePaymentDay,
} from './spei';

const message = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('sandbox test banks', () => {
  it('are known to CLABE validation with their names, and are not Banxico participants', () => {
    expect(SANDBOX_BANKS.map((b) => [b.code, b.speiKey, b.name, b.outcome])).toEqual([
      ['990', '90990', 'SANDBOX LIQUIDA', 'settle'],
      ['991', '90991', 'SANDBOX DEVUELVE', 'return'],
      ['992', '90992', 'SANDBOX RECHAZA', 'reject'],
    ]);
    expect(validateClabe(buildClabe('991', '180', '00000000001'))).toMatchObject({ ok: true, bankCode: '991', bankName: 'SANDBOX DEVUELVE' });
    expect(bankByClabePrefix('990')?.name).toBe('SANDBOX LIQUIDA');
    expect(isSandboxBank('992')).toBe(true);
    expect(isSandboxBank('012')).toBe(false);
    expect(bankByClabePrefix('999')).toBeUndefined();
  });
});

describe('SPEI fields', () => {
  it.each([
    ['Pago de factura 123', null],
    ['  Pago  ', null],
    ['A'.repeat(39), null],
    ['A'.repeat(40), 'El concepto admite máximo 39 caracteres, solo letras, números y espacios'],
    ['Pago ñandú', 'El concepto admite máximo 39 caracteres, solo letras, números y espacios'],
    ['Pago-1', 'El concepto admite máximo 39 caracteres, solo letras, números y espacios'],
    ['', 'Este campo es requerido'],
  ])('concept %j', (value, expected) => expect(message(ConceptField.safeParse(value))).toBe(expected));

  it.each([
    ['1', null],
    ['1234567', null],
    [1234567, null],
    ['12345678', 'La referencia numérica debe tener de 1 a 7 dígitos'],
    ['12.5', 'La referencia numérica debe tener de 1 a 7 dígitos'],
    [-1, 'La referencia numérica debe tener de 1 a 7 dígitos'],
    ['', 'Este campo es requerido'],
  ])('numeric reference %j', (value, expected) => expect(message(NumericReferenceField.safeParse(value))).toBe(expected));

  it('reads a numeric reference given as a number as its digits', () => {
    expect(NumericReferenceField.parse(42)).toBe('42');
  });

  it.each([
    ['José Pérez Ñúñez', null],
    ['Comercial A&B, S.A. de C.V.', null],
    ['N'.repeat(39), null],
    ['N'.repeat(40), 'El nombre del beneficiario admite máximo 39 caracteres'],
    ['=cmd', "El nombre del beneficiario solo admite letras, números, espacios y . , & ' -"],
  ])('beneficiary name %j', (value, expected) => expect(message(BeneficiaryNameField.safeParse(value))).toBe(expected));

  it.each([
    ['123456', null],
    ['12345', 'El código de seguridad debe tener 6 dígitos'],
    ['12a456', 'El código de seguridad debe tener 6 dígitos'],
  ])('security code %j', (value, expected) => expect(message(SecurityCodeField.safeParse(value))).toBe(expected));

  it('SPEI out needs exactly one destination, and a name with a CLABE', () => {
    const base = { Amount: '1.00', Concept: 'Pago', Reference: '1', SecurityCode: '123456' };
    expect(message(SpeiOutBody.safeParse(base))).toBe('Elige una cuenta registrada o escribe una CLABE');
    expect(message(SpeiOutBody.safeParse({ ...base, Clabe: buildClabe('012', '180', '00000000001') }))).toBe('Este campo es requerido');
    expect(SpeiOutBody.parse({ ...base, Clabe: buildClabe('012', '180', '00000000001'), BeneficiaryName: 'X' }).Amount).toBe(100n);
  });
});

describe('pricing fields', () => {
  it.each([
    ['0.5', 50n],
    [1.25, 125n],
    ['16', 1600n],
    ['100', 10000n],
    ['0', 0n],
  ])('percent %j → %s basis points', (value, bp) => expect(PercentField.parse(value)).toBe(bp));

  it.each(['100.01', '-1', '0.125', 'abc'])('refuses percent %j', (value) => {
    expect(message(PercentField.safeParse(value))).toBe('Porcentaje no válido: escribe un número de 0 a 100 con máximo dos decimales');
  });

  it('commission amounts allow zero', () => {
    expect(CommissionAmountField.parse('0')).toBe(0n);
    expect(CommissionAmountField.parse(0)).toBe(0n);
    expect(CommissionAmountField.parse('0.00')).toBe(0n);
    expect(CommissionAmountField.parse('5.5')).toBe(550n);
    expect(message(CommissionAmountField.safeParse('-0.01'))).toBe('El monto debe ser mayor a cero');
  });

  it('limits keep per operation ≤ daily ≤ monthly', () => {
    expect(LimitUpsertBody.parse({ ScopeType: 0, LimitPerTransaction: '10', DailyLimit: '10', MonthlyLimit: '10', IsEnabled: true })).toMatchObject({
      LimitPerTransaction: 1000n,
    });
    expect(message(LimitUpsertBody.safeParse({ ScopeType: 0, LimitPerTransaction: '10', MonthlyLimit: '5', IsEnabled: true }))).toBe(
      'El límite mensual no puede ser menor que el límite por operación',
    );
  });
});

describe('movement detail', () => {
  it('carries optional ledger lines with one side each, amounts as two-decimal text', () => {
    expect(LedgerEntry.safeParse({ Account: 'IVA por pagar', Description: 'IVA de la comisión', Debit: null, Credit: '0.80' }).success).toBe(true);
    expect(LedgerEntry.safeParse({ Account: 'IVA por pagar', Description: 'IVA', Debit: 0.8, Credit: null }).success).toBe(false);
    expect(LedgerEntry.safeParse({ Account: 'IVA por pagar', Description: 'IVA', Debit: '0.8', Credit: null }).success).toBe(false);
    expect(Object.keys(BusinessMovementDetail.shape)).toContain('Entries');
    expect(BusinessMovementDetail.shape.Entries.safeParse(undefined).success).toBe(true);
  });
});

describe('payment day (spec §8 sample)', () => {
  it('must come after today: today and past days are refused', () => {
    expect(isFuturePaymentDay('2026-11-24', '2026-11-23')).toBe(true);
    expect(isFuturePaymentDay('2026-11-23', '2026-11-23')).toBe(false);
    expect(isFuturePaymentDay('2026-11-22', '2026-11-23')).toBe(false);
  });

  it('carries the §8 words beside the Spanish message', () => {
    expect(PAYMENT_DAY_DESCRIPTION).toBe('The payment day needs to be a future date');
    expect(SPEC_ERROR_DESCRIPTIONS[SPEI_MESSAGES.paymentDay]).toBe(PAYMENT_DAY_DESCRIPTION);
  });
});

describe('every text field has a maximum length', () => {
  it.each([
    ['an amount', () => CommissionAmountField.safeParse('1'.repeat(33))],
    ['a percent', () => PercentField.safeParse('1'.repeat(33))],
    ['a reference', () => NumericReferenceField.safeParse('1'.repeat(33))],
  ])('refuses %s longer than 32 characters', (_what, parse) => {
    expect(parse().success).toBe(false);
  });
});
