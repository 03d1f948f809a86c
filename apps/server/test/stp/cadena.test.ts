// The cadena original and the firma, field by field, against the example order of STP's public
// Python client (cuenca-mx/stpmex, tests/test_auth.py) and STP's documented limits.
import { describe, expect, it } from 'vitest';
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  ACCOUNT_FIELDS,
  ORDER_FIELDS,
  accountType,
  cadenaOriginal,
  montoText,
  numericReference,
  orderFields,
  sign,
  signedOrderBody,
  stpText,
  verifySignature,
} from '../../src/modules/stp/cadena';
import type { RailOrder } from '../../src/modules/spei';
import { STP_PASSPHRASE, makeStpKeys } from './keys';

const example: RailOrder = {
  movementId: '00000000-0000-0000-0000-000000000001',
  trackingKey: 'CR1564969083',
  operationDate: '2019-08-05',
  amountCents: 120n,
  beneficiaryClabe: '072691004495711499',
  beneficiaryBankCode: '072',
  beneficiaryName: 'Ricardo Sanchez',
  senderClabe: '',
  senderName: '',
  concept: 'Prueba',
  reference: '5273144',
};
const EXAMPLE_CADENA =
  '||40072|TAMIZI|||CR1564969083|90646|1.20|1|40||646180110400000007||40|Ricardo Sanchez|072691004495711499|ND||||||Prueba||||||5273144||T||3|0|||';

describe('cadena original of an order', () => {
  const fields = orderFields(example, '646180110400000007');
  const cadena = cadenaOriginal(ORDER_FIELDS, { ...fields, empresa: 'TAMIZI' });

  it('is the public example, character for character', () => {
    expect(cadena).toBe(EXAMPLE_CADENA);
  });

  it('has STP 34 fields in the documented order, each where the example puts it', () => {
    const parts = cadena.slice(2, -2).split('|');
    expect(parts).toHaveLength(ORDER_FIELDS.length);
    expect(ORDER_FIELDS.length).toBe(34);
    const at = (name: string) => parts[ORDER_FIELDS.indexOf(name as (typeof ORDER_FIELDS)[number])];
    expect([at('institucionContraparte'), at('empresa'), at('fechaOperacion'), at('folioOrigen'), at('claveRastreo'), at('institucionOperante')]).toEqual([
      '40072',
      'TAMIZI',
      '',
      '',
      'CR1564969083',
      '90646',
    ]);
    expect([at('monto'), at('tipoPago'), at('tipoCuentaOrdenante'), at('nombreOrdenante'), at('cuentaOrdenante'), at('rfcCurpOrdenante')]).toEqual([
      '1.20',
      '1',
      '40',
      '',
      '646180110400000007',
      '',
    ]);
    expect([at('tipoCuentaBeneficiario'), at('nombreBeneficiario'), at('cuentaBeneficiario'), at('rfcCurpBeneficiario'), at('emailBeneficiario')]).toEqual([
      '40',
      'Ricardo Sanchez',
      '072691004495711499',
      'ND',
      '',
    ]);
    expect([
      at('conceptoPago'),
      at('referenciaNumerica'),
      at('tipoOperacion'),
      at('topologia'),
      at('usuario'),
      at('medioEntrega'),
      at('prioridad'),
      at('iva'),
    ]).toEqual(['Prueba', '5273144', '', 'T', '', '3', '0', '']);
  });

  it('is signed RSA-SHA256 PKCS#1 v1.5 in base64, which the public key verifies (and nothing else does)', () => {
    const keys = makeStpKeys();
    const pem = readFileSync(keys.file, 'utf8');
    const key = createPrivateKey({ key: pem.slice(pem.indexOf('-----BEGIN')), format: 'pem', passphrase: STP_PASSPHRASE });
    const firma = sign(key, cadena);
    expect(firma).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(sign(key, cadena)).toBe(firma); // PKCS#1 v1.5 is deterministic
    expect(verifySignature(keys.publicKey, cadena, firma)).toBe(true);
    expect(verifySignature(keys.publicKey, cadena.replace('1.20', '1.21'), firma)).toBe(false);
    const body = signedOrderBody(fields, 'TAMIZI', key);
    expect(body.startsWith('{"monto":1.20,')).toBe(true);
    expect(JSON.parse(body)).toMatchObject({
      empresa: 'TAMIZI',
      claveRastreo: 'CR1564969083',
      institucionContraparte: '40072',
      tipoCuentaBeneficiario: 40,
      firma,
    });
  });
});

describe("STP's limits", () => {
  it('writes amounts with two decimals from cents', () => {
    expect([montoText(120n), montoText(5n), montoText(100000n), montoText(123456789012n)]).toEqual(['1.20', '0.05', '1000.00', '1234567890.12']);
  });

  it('truncates names and concepts to 39 ASCII characters and the tracking key to 29', () => {
    const long = {
      ...example,
      beneficiaryName: 'José Ñúñez Peña de la Cruz y Hernández Gómez',
      concept: 'Pago de nómina de la quincena número veintitrés',
      trackingKey: 'FAR2026112800000000123456789012',
    };
    const f = orderFields(long, '646180110400000007');
    expect(f.nombreBeneficiario).toBe('Jose Nunez Pena de la Cruz y Hernandez');
    expect(String(f.nombreBeneficiario).length).toBeLessThanOrEqual(39);
    expect(f.conceptoPago).toBe('Pago de nomina de la quincena numero ve');
    expect(String(f.claveRastreo)).toHaveLength(29);
    expect(stpText('  a\tb  ', 10)).toBe('a b');
  });

  it('uses the account type of a CLABE (40), a card (3) and a phone (10)', () => {
    expect([accountType('072691004495711499'), accountType('4000000000000002'), accountType('400000000000002'), accountType('5512345678')]).toEqual([
      40, 3, 3, 10,
    ]);
    expect(() => accountType('123')).toThrow();
  });

  it('sends a numeric reference of up to 7 digits, taken from the tracking key when the order has none', () => {
    expect(numericReference('5273144', 'X')).toBe(5273144);
    expect(numericReference('Factura 12', 'FAR202611280000001234')).toBe(1234);
    expect(numericReference('12345678', 'FAR202611280009876543')).toBe(9876543);
  });

  it('takes institucionContraparte from the participant catalogue, five digits', () => {
    expect(orderFields({ ...example, beneficiaryClabe: '012180000000123458', beneficiaryBankCode: '012' }, '646180110400000007').institucionContraparte).toBe(
      '40012',
    );
    expect(() => orderFields({ ...example, beneficiaryBankCode: '999' }, '646180110400000007')).toThrow('Banco 999 fuera del catálogo de participantes SPEI');
  });
});

describe('cadena of an account registration and of a query', () => {
  it('is empresa, cuenta and RFC or CURP, as in the public example', () => {
    expect(cadenaOriginal(ACCOUNT_FIELDS, { empresa: 'TAMIZI', cuenta: '646180157099999993', rfcCurp: 'SAHE800416HDFABC01' })).toBe(
      '||TAMIZI|646180157099999993|SAHE800416HDFABC01||',
    );
  });

  it('is the order cadena with only empresa, fechaOperacion, claveRastreo and institucionOperante', () => {
    const c = cadenaOriginal(ORDER_FIELDS, { empresa: 'TAMIZI', fechaOperacion: '20200420', claveRastreo: 'CR1564969083', institucionOperante: '90646' });
    expect(c).toBe(`|||TAMIZI|20200420||CR1564969083|90646${'|'.repeat(30)}`);
  });
});
