import { describe, expect, it } from 'vitest';
import { FarError } from '../errors';
import { clientKindParam, isUserClientKind, parseClientKind } from './client-kind';

describe('client kind of the user calls', () => {
  it('accepts techfar and business', () => {
    expect(parseClientKind('techfar')).toBe('techfar');
    expect(parseClientKind('business')).toBe('business');
    expect(clientKindParam.parse('business')).toBe('business');
  });

  it.each(['wallet', 'super', 'TECHFAR', 'Business', '', ' techfar'])('refuses %j with "Parametro no válido"', (kind) => {
    expect(() => parseClientKind(kind)).toThrow(/^Parametro no válido$/);
    expect(isUserClientKind(kind)).toBe(false);
    expect(clientKindParam.safeParse(kind).error?.issues.map((i) => i.message)).toEqual(['Parametro no válido']);
  });

  it('throws a FarError with code INVALID_PARAM (HTTP 400)', () => {
    try {
      parseClientKind('wallet');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FarError);
      expect((error as FarError).code).toBe('INVALID_PARAM');
      expect((error as FarError).status).toBe(400);
    }
  });

  it('refuses values that are not strings', () => {
    expect(clientKindParam.safeParse(undefined).error?.issues[0]?.message).toBe('Parametro no válido');
    expect(isUserClientKind(1)).toBe(false);
  });
});
