/**
 * The CLABE account registry (Alta de cuentas), the opm-features catalogues and the transference
 * entity (/api/v1/transference*) mapped onto SPEI out.
 */
import { buildClabe } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET, createTestApp, type TestApp } from '../helpers';
import {
  BUSINESS,
  BUSINESS_2,
  CLABE,
  TECHFAR,
  balance,
  demoBusiness,
  holdOf,
  moneyCall,
  moneyTables,
  noLimits,
  runJobs,
  speiCode,
  type DemoBusiness,
} from './money';

let t: TestApp;
let a: DemoBusiness;
let b: DemoBusiness;
const base = '/api/v1/transaction/clabe-account';
const create = (payload: Record<string, unknown>, email = BUSINESS_2) =>
  t.call(email, { method: 'POST', url: `${base}/action/create`, payload: { ConfirmHolder: true, ...payload } });
const edit = (payload: Record<string, unknown>, email = BUSINESS_2) => t.call(email, { method: 'PUT', url: `${base}/action/edit`, payload });
const accounts = async () => Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM clabe_accounts`))[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  a = await demoBusiness(t, BUSINESS);
  b = await demoBusiness(t, BUSINESS_2);
  await noLimits(t, a);
});
afterAll(() => t.close());

describe('catalogues', () => {
  it('banks: the SPEI participants with their 5-digit key, and the sandbox test banks', async () => {
    const res = await t.call(BUSINESS, { method: 'POST', url: '/api/v1/transaction/opm-features/banks', payload: {} });
    const banks = res.json().data as Array<{ code: string; name: string; legalCode: string; isActive: boolean; sandboxOutcome?: string }>;
    expect(banks.find((x) => x.code === '012')).toEqual({ code: '012', name: 'BBVA Mexico', legalCode: '40012', isActive: true });
    expect(banks.filter((x) => x.sandboxOutcome).map((x) => [x.code, x.name, x.sandboxOutcome])).toEqual([
      ['990', 'SANDBOX LIQUIDA', 'settle'],
      ['991', 'SANDBOX DEVUELVE', 'return'],
      ['992', 'SANDBOX RECHAZA', 'reject'],
    ]);
    expect(banks.every((x) => /^\d{5}$/.test(x.legalCode))).toBe(true);
    const found = await t.call(BUSINESS, { method: 'POST', url: '/api/v1/transaction/opm-features/banks', payload: { Search: 'sandbox' } });
    expect(found.json().data).toHaveLength(3);
  });

  it('account types and payment types', async () => {
    const types = (await t.call(BUSINESS, { method: 'POST', url: '/api/v1/transaction/opm-features/account-types' })).json().data;
    expect(types).toEqual([
      { key: 40, description: 'CLABE', active: true },
      { key: 3, description: 'Tarjeta de débito', active: false },
      { key: 10, description: 'Teléfono celular', active: false },
    ]);
    const payments = (await t.call(BUSINESS, { method: 'POST', url: '/api/v1/transaction/opm-features/payment-types' })).json().data;
    expect(payments[0]).toEqual({ key: 1, description: 'Tercero a tercero', active: true });
    expect((await t.call(null, { method: 'POST', url: '/api/v1/transaction/opm-features/banks', payload: {} })).statusCode).toBe(401);
  });
});

describe('CLABE accounts', () => {
  it('registers an account with the bank filled from the CLABE', async () => {
    const res = await create({
      Alias: 'Proveedor BBVA',
      AccountHolderName: 'Proveedora del Norte SA',
      Clabe: ` ${CLABE.bbva.slice(0, 9)} ${CLABE.bbva.slice(9)} `,
      RFC: 'PNO190312AB6',
      DailyTransferLimit: '5000.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      Alias: 'Proveedor BBVA',
      Clabe: CLABE.bbva,
      NameFinancialInstitution: 'BBVA Mexico',
      FinancialInstitutionId: '012',
      RFC: 'PNO190312AB6',
      BusinessId: b.id,
      IsInternalBusiness: false,
      IsAdmin: false,
      ClabeUsageScope: 'ALL',
      DailyTransferLimit: '5000.00',
      AccountTypeId: 40,
      IsActive: true,
    });
  });

  it('marks an account registered by staff, and a CLABE of another business of this provider', async () => {
    const res = await create({ BusinessId: b.id, Alias: 'Interna', AccountHolderName: 'Comercializadora Demo', Clabe: a.clabe }, TECHFAR);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ IsAdmin: true, IsInternalBusiness: true, NameFinancialInstitution: 'STP' });
  });

  it('pages 5 per page by default and searches', async () => {
    for (let i = 0; i < 4; i++)
      expect((await create({ Alias: `Cuenta ${i}`, AccountHolderName: `Titular ${i}`, Clabe: buildClabe('014', '180', `0000000010${i}`) })).statusCode).toBe(
        200,
      );
    const page = (await t.call(BUSINESS_2, { method: 'POST', url: `${base}/query/list`, payload: {} })).json().data;
    expect(page).toMatchObject({ Page: 1, Size: 5, TotalRecords: 6, TotalPages: 2 });
    expect(page.Records).toHaveLength(5);
    const second = (await t.call(BUSINESS_2, { method: 'POST', url: `${base}/query/list`, payload: { Page: 2 } })).json().data;
    expect(second.Records).toHaveLength(1);
    const found = (await t.call(BUSINESS_2, { method: 'POST', url: `${base}/query/list`, payload: { Search: 'norte' } })).json().data;
    expect(found.Records.map((r: { Alias: string }) => r.Alias)).toEqual(['Proveedor BBVA']);
  });

  it.each([
    [{ Clabe: '01218000001' }, 'La CLABE debe tener 18 dígitos'],
    [{ Clabe: CLABE.bbva.slice(0, 17) + String((Number(CLABE.bbva[17]) + 3) % 10) }, 'El dígito verificador de la CLABE no es válido'],
    [{ Clabe: buildClabe('998', '180', '00000000001') }, 'La CLABE no corresponde a un banco conocido'],
    [{ Alias: 'A'.repeat(41) }, 'El alias admite máximo 40 caracteres'],
    [{ AccountHolderName: 'N'.repeat(40) }, 'El nombre del beneficiario admite máximo 39 caracteres'],
    [{ RFC: 'ABC' }, 'Formato de RFC no válido'],
    [{ AccountTypeId: 3 }, 'Por ahora solo se pueden registrar cuentas CLABE (tipo 40)'],
    [{ ClabeUsageScope: 'OTRO' }, 'Uso de la cuenta no válido: ALL, TRANSFER o DISPERSION'],
    [{ DailyTransferLimit: '0' }, 'El monto debe ser mayor a cero'],
  ])('refuses %o and writes nothing', async (change, message) => {
    const before = await accounts();
    const res = await create({ Alias: 'Mala', AccountHolderName: 'Titular', Clabe: CLABE.banamex, ...change });
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
    expect(await accounts()).toBe(before);
  });

  it('refuses the business’s own CLABE and a CLABE already registered', async () => {
    const own = await create({ Alias: 'Propia', AccountHolderName: 'Yo', Clabe: b.clabe });
    expect([own.statusCode, own.json().message]).toEqual([400, 'No puedes registrar la CLABE de tu propia cuenta']);
    const dup = await create({ Alias: 'Otra vez', AccountHolderName: 'Proveedora', Clabe: CLABE.bbva });
    expect([dup.statusCode, dup.json().message]).toEqual([409, 'La cuenta CLABE ya está registrada']);
  });

  it('edits, deactivates and reactivates; a deactivated CLABE can be registered again', async () => {
    const acct = (await create({ Alias: 'Editable', AccountHolderName: 'Titular Editable', Clabe: CLABE.banamex, DailyTransferLimit: '10.00' })).json().data;
    const edited = await edit({ Id: acct.Id, Alias: 'Editada', DailyTransferLimit: null, ClabeUsageScope: 'TRANSFER' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ Alias: 'Editada', DailyTransferLimit: null, ClabeUsageScope: 'TRANSFER', Clabe: CLABE.banamex });
    const off = await edit({ Id: acct.Id, IsActive: false });
    expect(off.json().data.IsActive).toBe(false);
    const mine = (await t.call(BUSINESS_2, { method: 'POST', url: `${base}/query/my-accounts`, payload: {} })).json().data;
    expect(mine.map((x: { Id: string }) => x.Id)).not.toContain(acct.Id);
    const again = await create({ Alias: 'Nueva', AccountHolderName: 'Titular Editable', Clabe: CLABE.banamex });
    expect(again.statusCode).toBe(200);
    const back = await edit({ Id: acct.Id, IsActive: true });
    expect([back.statusCode, back.json().message]).toEqual([409, 'La cuenta CLABE ya está registrada']);
    const nothing = await edit({ Id: acct.Id });
    expect([nothing.statusCode, nothing.json().message]).toEqual([422, 'No hay cambios que guardar']);
    expect(
      await t.sql(`SELECT v_action FROM log_user WHERE v_section = 'Alta de cuentas' AND t_detail->>'account' = $1 ORDER BY d_create_at`, [acct.Id]),
    ).toEqual([{ v_action: 'Agregar' }, { v_action: 'Editar' }, { v_action: 'Desactivar' }]);
  });

  it('is refused to wallet users', async () => {
    expect((await create({ Alias: 'W', AccountHolderName: 'W', Clabe: CLABE.bbva }, WALLET)).statusCode).toBe(403);
    expect((await t.call(WALLET, { method: 'POST', url: `${base}/query/my-accounts`, payload: {} })).statusCode).toBe(403);
  });
});

describe('transference', () => {
  const path = '/api/v1/transference';

  it('creates a SPEI out in the transference field names, lists, reads, edits and cancels it', async () => {
    const before = await balance(t, BUSINESS);
    const res = await moneyCall(t, BUSINESS, {
      method: 'POST',
      url: path,
      payload: {
        b_confirm_holder: true,
        v_clabe_destination: CLABE.bbva,
        v_recipients_name: 'Proveedora del Norte',
        v_alias: 'Norte',
        v_reference: '42',
        v_concept: 'Pago pedido 42',
        n_amount: '250.00',
        v_security_code: await speiCode(t, BUSINESS),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const tr = res.json().data;
    expect(tr).toMatchObject({
      v_clabe_origin: a.clabe,
      v_clabe_destination: CLABE.bbva,
      v_recipients_name: 'Proveedora del Norte',
      v_financial_institution: 'BBVA Mexico',
      v_alias: 'Norte',
      v_reference: '42',
      v_concept: 'Pago pedido 42',
      n_amount: '250.00',
      n_amount_comission: '5.80',
      n_amount_total: '255.80',
      v_uid_dispersion: null,
      n_status: 0,
      v_status_name: 'Pendiente',
    });
    expect(tr.v_tracking_number).toMatch(/^FAR\d{18}$/);
    expect((await balance(t, BUSINESS)).transitBalance).toBe((Number(before.transitBalance) + 255.8).toFixed(2));

    const list = (await t.call(BUSINESS, { method: 'GET', url: `${path}?perPage=5` })).json().data;
    expect(list).toMatchObject({ page: 1, perPage: 5 });
    expect(list.items[0].v_uid).toBe(tr.v_uid);
    expect((await t.call(BUSINESS, { method: 'GET', url: `${path}/${tr.v_uid}` })).json().data.v_uid).toBe(tr.v_uid);

    const put = await t.call(BUSINESS, { method: 'PUT', url: `${path}/${tr.v_uid}`, payload: { v_concept: 'Pago pedido 43', v_reference: '43' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ v_concept: 'Pago pedido 43', v_reference: '43', n_amount: '250.00' });
    const badPut = await t.call(BUSINESS, { method: 'PUT', url: `${path}/${tr.v_uid}`, payload: { v_concept: 'Con acento á' } });
    expect([badPut.statusCode, badPut.json().message]).toEqual([400, 'El concepto admite máximo 39 caracteres, solo letras, números y espacios']);

    const del = await moneyCall(t, BUSINESS, { method: 'POST', url: `${path}/delete/${tr.v_uid}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toMatchObject({ n_status: 5, v_status_name: 'Cancelada' });
    expect(await holdOf(t, tr.v_uid)).toMatchObject({ v_status: 'released' });
    expect(await balance(t, BUSINESS)).toEqual(before);
  });

  it('pays a registered account by v_uid_account; a sent transfer can no longer be edited or deleted', async () => {
    const acct = (
      await t.call(BUSINESS, {
        method: 'POST',
        url: `${base}/action/create`,
        payload: { ConfirmHolder: true, Alias: 'Para transference', AccountHolderName: 'Titular Transference', Clabe: CLABE.settles },
      })
    ).json().data;
    const res = await moneyCall(t, BUSINESS, {
      method: 'POST',
      url: path,
      payload: { v_uid_account: acct.Id, v_reference: '1', v_concept: 'Pago', n_amount: 10, v_security_code: await speiCode(t, BUSINESS) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      v_recipients_name: 'Titular Transference',
      v_alias: 'Para transference',
      v_financial_institution: 'SANDBOX LIQUIDA',
    });
    await runJobs(t, 0);
    const id = res.json().data.v_uid;
    const before = await moneyTables(t);
    const put = await t.call(BUSINESS, { method: 'PUT', url: `${path}/${id}`, payload: { v_concept: 'Tarde' } });
    expect([put.statusCode, put.json().message]).toEqual([422, 'Solo se puede modificar una transferencia pendiente que aún no se envía']);
    const del = await moneyCall(t, BUSINESS, { method: 'POST', url: `${path}/delete/${id}` });
    expect([del.statusCode, del.json().message]).toEqual([422, 'Solo se puede cancelar o eliminar una transferencia pendiente que aún no se envía']);
    expect(await moneyTables(t)).toEqual(before);
  });

  it('refuses bad input with its messages', async () => {
    const before = await moneyTables(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ v_clabe_destination: undefined }, 'Elige una cuenta registrada o escribe una CLABE'],
      [{ n_amount: '-1' }, 'El monto debe ser mayor a cero'],
      [{ v_reference: '' }, 'Este campo es requerido'],
      [{ v_recipients_name: undefined }, 'Este campo es requerido'],
    ];
    for (const [change, message] of cases) {
      const res = await moneyCall(t, BUSINESS, {
        method: 'POST',
        url: path,
        payload: {
          b_confirm_holder: true,
          v_clabe_destination: CLABE.bbva,
          v_recipients_name: 'X',
          v_reference: '1',
          v_concept: 'Pago',
          n_amount: '1.00',
          v_security_code: '123456',
          ...change,
        },
      });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(await moneyTables(t)).toEqual(before);
  });
});
