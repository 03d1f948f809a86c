import { AMOUNT_FIELD_MESSAGES } from '@far/contracts';
import { describe, expect, it } from 'vitest';
import { amountInput, apiCents, centsToApi, commissionInput, newIdempotencyKey, optionalAmountInput, readTypedAmount, signedMovementCents } from './money';

describe('money on the client', () => {
  it('reads API amounts as cents, with their sign, without floats', () => {
    expect(apiCents('1234.50')).toBe(123450n);
    expect(apiCents('-10.05')).toBe(-1005n);
    expect(apiCents('0.10')).toBe(10n);
    expect(apiCents('999999999.99')).toBe(99999999999n);
    expect(apiCents(null)).toBeNull();
    expect(apiCents('abc')).toBeNull();
    expect(centsToApi(123450n)).toBe('1234.50');
  });

  it('reads typed amounts with the API messages', () => {
    expect(readTypedAmount('1,234.5')).toEqual({ cents: 123450n });
    expect(readTypedAmount('$ 10')).toEqual({ cents: 1000n });
    expect(readTypedAmount('0')).toEqual({ message: AMOUNT_FIELD_MESSAGES.positive });
    expect(readTypedAmount('-1')).toEqual({ message: AMOUNT_FIELD_MESSAGES.positive });
    expect(readTypedAmount('1.234')).toEqual({ message: AMOUNT_FIELD_MESSAGES.decimals });
    expect(readTypedAmount('1e3')).toEqual({ message: AMOUNT_FIELD_MESSAGES.invalid });
    expect(readTypedAmount('1000000000')).toEqual({ message: AMOUNT_FIELD_MESSAGES.max });
    expect(amountInput.safeParse('').success).toBe(false);
    expect(optionalAmountInput.parse('')).toBeNull();
    expect(commissionInput.parse('0.00')).toBe(0n);
    expect(commissionInput.parse('5')).toBe(500n);
  });

  it('signs a movement by its direction and makes distinct keys', () => {
    expect(signedMovementCents({ MovementType: 'SPEI_OUT', TotalAmount: '105.80' })).toBe(-10580n);
    expect(signedMovementCents({ MovementType: 'SPEI_IN', TotalAmount: '99.42' })).toBe(9942n);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
