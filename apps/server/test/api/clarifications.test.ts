/**
 * Clarifications (/api/v1/clarifications): every call's happy path, bad input (nothing written),
 * wrong role and wrong tenant; the status transitions, the SLA, follow-ups with attachments, the
 * rating once after close, the notices to the opener and the CSV. Wallet users (WAL) open cases on
 * their own wallet movements, and are their own tenant.
 */
import { readFileSync } from 'node:fs';
import { CLARIFICATION_TYPES, PERMISSION_IDS, ROLE_IDS, STATUS_IDS, menuIdByUrl } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, addUser, addUserWithGrants, count, createTestApp, type TestApp } from '../helpers';
import { demoBusiness, moneyCall, type DemoBusiness } from '../money/money';

let t: TestApp;
let a: DemoBusiness;
let trackingA: string;
let trackingB: string;
const base = '/api/v1/clarifications';
const TYPE = CLARIFICATION_TYPES[1]!; // Transferencia no recibida, 48 h
const COLLEAGUE = 'colega.aclaraciones@demo.mx';

async function incoming(clabe: string) {
  const res = await moneyCall(t, TECHFAR, {
    method: 'POST',
    url: '/api/v1/transaction/spei/sandbox/incoming',
    payload: { Clabe: clabe, Amount: '125.00', SenderName: 'Cliente Prueba', Concept: 'Pago cliente' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.Movement.TrackingKey as string;
}

const open = (email: string, body: Record<string, unknown> = {}) =>
  t.call(email, { method: 'POST', url: `${base}/Add`, payload: { v_uid_type_clarification: TYPE.Id, t_comment: 'No veo reflejado el depósito', ...body } });
const put = (email: string, uid: string, body: Record<string, unknown>) => t.call(email, { method: 'PUT', url: `${base}/${uid}`, payload: body });
const followUp = (email: string, uid: string, comment = 'Seguimiento') =>
  t.call(email, { method: 'POST', url: `${base}/follow-up`, payload: { v_uid_clarification: uid, t_comment: comment } });
const rows = () => count(t, 'clarifications');
const events = () => count(t, 'clarification_follow_ups');

async function openCase(email = BUSINESS, body: Record<string, unknown> = {}) {
  const res = await open(email, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    v_uid: string;
    v_num_sheet: string;
    Status: string;
    d_due_at: string;
    d_create_at: string;
    v_uid_movement: string | null;
    MinutesLeft: number;
  };
}

function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
  const boundary = '----far-test-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await demoBusiness(t, BUSINESS);
  const b = await demoBusiness(t, BUSINESS_2);
  trackingA = await incoming(a.clabe);
  trackingB = await incoming(b.clabe);
  await addUser(t, COLLEAGUE, BUSINESS);
});
afterAll(() => t.close());

describe('types', () => {
  it('lists the types-clarifications catalogue with an SLA each', async () => {
    const res = await t.call(BUSINESS, { method: 'GET', url: `${base}/clarificationstypes` });
    expect(res.statusCode).toBe(200);
    const types = res.json().data as Array<{ Id: string; Value: string; SlaHours: number }>;
    expect(types.map((x) => x.Value)).toContain('Cargo no reconocido');
    expect(types.every((x) => x.SlaHours > 0)).toBe(true);
  });
  it('is served to a wallet user and refused to nobody signed in', async () => {
    expect((await t.call(WALLET, { method: 'GET', url: `${base}/clarificationstypes` })).statusCode).toBe(200);
    expect((await t.call(null, { method: 'GET', url: `${base}/clarificationstypes` })).statusCode).toBe(401);
  });
});

describe('Add', () => {
  it('opens a case with a readable unique folio, the movement of the tracking key and the SLA target', async () => {
    const c = await openCase(BUSINESS, { v_key_tracing: trackingA.toLowerCase() });
    expect(c.v_num_sheet).toMatch(/^ACL-\d{4}-\d{6}$/);
    expect(c.Status).toBe('por-abrir');
    expect(c.v_uid_movement).not.toBeNull();
    expect(new Date(c.d_due_at).getTime() - new Date(c.d_create_at).getTime()).toBe(TYPE.SlaHours * 3_600_000);
    expect(c.MinutesLeft).toBeGreaterThan(TYPE.SlaHours * 60 - 5);
    const second = await openCase();
    expect(second.v_num_sheet).not.toBe(c.v_num_sheet);
    expect(await count(t, 'log_user', `v_section = 'Aclaraciones' AND v_action = 'crear'`)).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['an unknown type', { v_uid_type_clarification: '11111111-1111-4111-8111-111111111111' }, 400, 'Tipo de aclaración no válido'],
    ['a comment over 1000 characters', { t_comment: 'x'.repeat(1001) }, 400, 'Debe contener máximo 1000 caracteres'],
    ['no comment', { t_comment: '' }, 400, 'Este campo es requerido'],
    ['a tracking key of another business', { v_key_tracing: '' as string }, 422, 'La clave de rastreo no corresponde a ninguno de tus movimientos'],
    ['a tracking key with symbols', { v_key_tracing: 'ABC-123' }, 400, 'La clave de rastreo solo admite letras y números'],
  ])('refuses %s and writes nothing', async (_name, body, status, message) => {
    const before = [await rows(), await count(t, 'log_user')];
    const payload = 'v_key_tracing' in body && body.v_key_tracing === '' ? { v_key_tracing: trackingB } : body;
    const res = await open(BUSINESS, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect([await rows(), await count(t, 'log_user')]).toEqual(before);
  });

  it('is refused to staff (403) and writes nothing', async () => {
    const before = await rows();
    expect((await open(TECHFAR)).statusCode).toBe(403);
    expect(await rows()).toBe(before);
  });
});

describe('the life of a case', () => {
  it('staff take it, reply, escalate and close; the opener gets notices, follows up, and rates once', async () => {
    const c = await openCase(BUSINESS, { v_key_tracing: trackingA });
    const opener = (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1`, [BUSINESS]))[0]!.v_uid;

    // A business cannot move it forward or take it.
    let res = await put(BUSINESS, c.v_uid, { v_uid_status: 'en-proceso' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Solo el personal FAR cambia el estatus de una aclaración');
    expect((await put(BUSINESS, c.v_uid, { AssignToMe: true })).json().message).toBe('Solo el personal FAR puede tomar una aclaración');

    // Taking it starts it.
    res = await put(TECHFAR, c.v_uid, { AssignToMe: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ Status: 'en-proceso', AssigneeName: expect.any(String) });

    // A staff reply notifies the opener.
    res = await followUp(TECHFAR, c.v_uid, 'Estamos revisando con el banco emisor');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ FromStaff: true, Kind: 'comment' });
    expect(await count(t, 'notifications', `v_uid_user = $1 AND v_kind = 'clarification.answered'`, [opener])).toBe(1);

    // The client replies (no notice to themselves).
    res = await followUp(COLLEAGUE, c.v_uid, 'Adjunto más datos');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.FromStaff).toBe(false);

    // Rating before close is refused.
    res = await put(BUSINESS, c.v_uid, { n_calification: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Solo se puede calificar una aclaración cerrada');

    expect((await put(TECHFAR, c.v_uid, { v_uid_status: STATUS_IDS.escalada, t_note: 'Se turna a operaciones' })).statusCode).toBe(200);
    // Backwards is not allowed.
    const before = [await events(), await count(t, 'log_user')];
    res = await put(TECHFAR, c.v_uid, { v_uid_status: 'en-proceso' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('No se puede pasar una aclaración de «Escalada» a «En proceso»');
    expect([await events(), await count(t, 'log_user')]).toEqual(before);

    res = await put(TECHFAR, c.v_uid, { v_uid_status: 'cerrado', t_note: 'El depósito se acreditó el mismo día' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ Status: 'cerrado', Overdue: false });
    expect(res.json().data.d_closed_at).not.toBeNull();
    const [closed] = await t.sql<{ v_title: string; t_body: string; v_link: string }>(
      `SELECT v_title, t_body, v_link FROM notifications WHERE v_uid_user = $1 AND v_kind = 'clarification.closed'`,
      [opener],
    );
    expect(closed).toMatchObject({ v_title: `Aclaración ${c.v_num_sheet} cerrada`, v_link: `/clarification?uid=${c.v_uid}` });
    expect(closed!.t_body).toContain('El depósito se acreditó');

    // Closed: no more follow-ups, no more moves.
    const frozen = await events();
    res = await followUp(BUSINESS, c.v_uid);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('La aclaración está cerrada: ya no admite seguimientos');
    expect((await put(TECHFAR, c.v_uid, { v_uid_status: 'escalada' })).statusCode).toBe(422);
    expect(await events()).toBe(frozen);

    // Only the opener rates, 0 to 5, once.
    for (const bad of [6, -1, 2.5]) {
      res = await put(BUSINESS, c.v_uid, { n_calification: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('La calificación debe ser un número entero del 0 al 5');
    }
    res = await put(BUSINESS, c.v_uid, { n_calification: 4, t_calification: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Debe contener máximo 500 caracteres');
    res = await put(COLLEAGUE, c.v_uid, { n_calification: 4 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Solo quien abrió la aclaración puede calificarla');
    expect((await put(TECHFAR, c.v_uid, { n_calification: 4 })).statusCode).toBe(403);
    expect(await events()).toBe(frozen);

    res = await put(BUSINESS, c.v_uid, { n_calification: 4, t_calification: 'Buena atención' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ n_calification: 4, t_calification: 'Buena atención' });
    res = await put(BUSINESS, c.v_uid, { n_calification: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('La aclaración ya fue calificada');

    // The timeline.
    res = await t.call(BUSINESS, { method: 'GET', url: `${base}/follow-up/${c.v_uid}` });
    expect(res.statusCode).toBe(200);
    const kinds = (res.json().data as Array<{ Kind: string; ToStatus: string | null }>).map((f) => `${f.Kind}${f.ToStatus ? `:${f.ToStatus}` : ''}`);
    expect(kinds).toEqual(['assign', 'status:en-proceso', 'comment', 'comment', 'status:escalada', 'status:cerrado', 'rating']);
  });

  it('a business deletes its own case only while nobody took it; staff delete any open case', async () => {
    const mine = await openCase();
    const taken = await openCase();
    expect((await put(TECHFAR, taken.v_uid, { AssignToMe: true })).statusCode).toBe(200);
    let res = await put(BUSINESS, taken.v_uid, { v_uid_status: 'eliminado' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Solo puedes eliminar una aclaración que aún no se atiende');
    res = await put(BUSINESS, mine.v_uid, { v_uid_status: STATUS_IDS.eliminado });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.Status).toBe('eliminado');
    expect((await put(TECHFAR, taken.v_uid, { v_uid_status: 'eliminado' })).json().data.Status).toBe('eliminado');
    // Deleted cases leave the lists unless asked for.
    const list = await t.call(BUSINESS, { method: 'POST', url: `${base}/GetAll`, payload: { Size: 100 } });
    expect((list.json().data.Records as Array<{ v_uid: string }>).map((r) => r.v_uid)).not.toContain(mine.v_uid);
    const deleted = await t.call(BUSINESS, { method: 'POST', url: `${base}/GetAll`, payload: { Size: 100, Status: 'eliminado' } });
    expect((deleted.json().data.Records as Array<{ v_uid: string }>).map((r) => r.v_uid)).toContain(mine.v_uid);
  });

  it('refuses an empty change, a note without a status and an unknown status', async () => {
    const c = await openCase();
    const before = await events();
    let res = await put(TECHFAR, c.v_uid, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Indica qué cambiar');
    res = await put(TECHFAR, c.v_uid, { t_note: 'hola' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('v_uid_status');
    res = await put(TECHFAR, c.v_uid, { v_uid_status: 'activo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Estatus no válido');
    res = await put(TECHFAR, c.v_uid, { v_uid_status: STATUS_IDS.activo });
    expect(res.statusCode).toBe(400);
    expect(await events()).toBe(before);
  });

  it('changing the type recomputes the SLA target from the opening time', async () => {
    const c = await openCase();
    const other = CLARIFICATION_TYPES[3]!; // 24 h
    const res = await put(TECHFAR, c.v_uid, { v_uid_type_clarification: other.Id });
    expect(res.statusCode, res.body).toBe(200);
    expect(new Date(res.json().data.d_due_at).getTime() - new Date(c.d_create_at).getTime()).toBe(other.SlaHours * 3_600_000);
  });
});

describe('the queue', () => {
  it('flags overdue open cases, shows the time left, and filters by status, type, client, dates, overdue and mine', async () => {
    const late = await openCase();
    await t.sql(`UPDATE clarifications SET d_due_at = now() - interval '2 hours' WHERE v_uid = $1`, [late.v_uid]);
    let res = await t.call(TECHFAR, { method: 'POST', url: `${base}/GetAll`, payload: { Overdue: true, Size: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const overdue = res.json().data.Records as Array<{ v_uid: string; Overdue: boolean; MinutesLeft: number; ClientName: string | null }>;
    expect(overdue.map((r) => r.v_uid)).toContain(late.v_uid);
    expect(overdue.every((r) => r.Overdue && r.MinutesLeft < 0)).toBe(true);
    expect(overdue[0]!.ClientName).toBeTruthy();

    res = await t.call(TECHFAR, {
      method: 'POST',
      url: `${base}/GetAll`,
      payload: { Client: a.client, TypeId: TYPE.Id, Status: 'por-abrir', From: '2020-01-01', To: '2999-12-31', Size: 100 },
    });
    const filtered = res.json().data.Records as Array<{ v_client: string; Status: string; v_uid_type_clarification: string }>;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((r) => r.v_client === a.client && r.Status === 'por-abrir' && r.v_uid_type_clarification === TYPE.Id)).toBe(true);
    res = await t.call(TECHFAR, { method: 'POST', url: `${base}/GetAll`, payload: { From: '2999-01-01' } });
    expect(res.json().data).toMatchObject({ Records: [], TotalRecords: 0, TotalPages: 0 });

    await put(TECHFAR, late.v_uid, { AssignToMe: true });
    res = await t.call(TECHFAR, { method: 'POST', url: `${base}/GetAll`, payload: { Mine: true, Size: 100 } });
    expect((res.json().data.Records as Array<{ v_uid: string }>).map((r) => r.v_uid)).toContain(late.v_uid);

    res = await t.call(TECHFAR, { method: 'POST', url: `${base}/GetAll`, payload: { Search: late.v_num_sheet } });
    expect(res.json().data.Records).toHaveLength(1);
  });

  it('refuses bad filters with a Spanish message', async () => {
    const res = await t.call(TECHFAR, { method: 'POST', url: `${base}/GetAll`, payload: { From: '2026-13-40' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Fecha no válida');
  });

  it('exports the queue as CSV with the folio and tracking key kept as text', async () => {
    const c = await openCase(BUSINESS, { v_key_tracing: trackingA, t_comment: '=HYPERLINK("x")' });
    const res = await t.call(TECHFAR, { method: 'POST', url: `${base}/csv`, payload: { Search: c.v_num_sheet } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    // CSV quoting doubles the quotes of ="…".
    expect(text).toContain(`"=""${c.v_num_sheet}"""`);
    expect(text).toContain(`"=""${trackingA}"""`);
    expect(text).toContain(`'=HYPERLINK`);
  });
});

describe("the queue's Search: the one search matcher (issue 27)", () => {
  type Found = { v_uid: string; v_num_sheet: string; v_key_tracing: string | null; v_client: string };
  const found = async (Search: string, as = TECHFAR) => {
    const res = await t.call(as, { method: 'POST', url: `${base}/GetAll`, payload: { Search, Size: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.Records as Found[];
  };
  const ids = async (Search: string, as = TECHFAR) => (await found(Search, as)).map((r) => r.v_uid);
  let c: Awaited<ReturnType<typeof openCase>>;
  beforeAll(async () => {
    c = await openCase(BUSINESS, { v_key_tracing: trackingA, t_comment: 'El depósito de Óscar Ibáñez no aparece' });
  });

  it('finds the folio and the tracking key by their start, whatever the case', async () => {
    const folio = c.v_num_sheet.slice(0, -1).toLowerCase();
    const byFolio = await found(folio);
    expect(byFolio.map((r) => r.v_uid)).toContain(c.v_uid);
    expect(byFolio.every((r) => r.v_num_sheet.toLowerCase().startsWith(folio))).toBe(true);
    expect(await ids(c.v_num_sheet)).toEqual([c.v_uid]);
    const tracking = trackingA.slice(0, 10).toLowerCase();
    const byTracking = await found(tracking);
    expect(byTracking.map((r) => r.v_uid)).toContain(c.v_uid);
    expect(byTracking.every((r) => r.v_key_tracing?.toLowerCase().startsWith(tracking))).toBe(true);
    // Staff find a client's cases by the start of its client number.
    const byClient = await found(a.client.slice(0, -1));
    expect(byClient.map((r) => r.v_uid)).toContain(c.v_uid);
    expect(byClient.every((r) => r.v_client.startsWith(a.client.slice(0, -1)))).toBe(true);
  });

  it("finds the comment's words from their start, ignoring accents and case", async () => {
    expect(await ids('OSCAR')).toEqual([c.v_uid]);
    expect(await ids('ibá osc')).toEqual([c.v_uid]);
    expect(await ids('oscar', BUSINESS)).toEqual([c.v_uid]);
    // A word is matched from its start only (before: any substring).
    expect(await ids('scar')).toEqual([]);
  });

  it("never returns another tenant's case", async () => {
    for (const as of [BUSINESS_2, WALLET]) for (const typed of ['oscar', c.v_num_sheet, trackingA, a.client]) expect(await ids(typed, as)).toEqual([]);
  });

  it('answers an empty search with the whole queue, and refuses one over 100 characters in Spanish', async () => {
    const total = async (Search?: string) => (await t.call(TECHFAR, { method: 'POST', url: `${base}/GetAll`, payload: { Search } })).json().data.TotalRecords;
    const all = await total();
    for (const Search of ['', '   ']) expect(await total(Search)).toBe(all);
    const long = await t.call(TECHFAR, { method: 'POST', url: `${base}/GetAll`, payload: { Search: 'x'.repeat(101) } });
    expect([long.statusCode, long.json().message]).toEqual([400, 'Debe contener máximo 100 caracteres']);
  });
});

describe('tenants', () => {
  it('another business and a wallet user cannot reach a case (404) and write nothing', async () => {
    const c = await openCase();
    const before = [await rows(), await events()];
    expect((await t.call(BUSINESS_2, { method: 'GET', url: `${base}/${c.v_uid}` })).statusCode).toBe(404);
    expect((await t.call(BUSINESS_2, { method: 'GET', url: `${base}/follow-up/${c.v_uid}` })).statusCode).toBe(404);
    expect((await put(BUSINESS_2, c.v_uid, { v_uid_status: 'eliminado' })).statusCode).toBe(404);
    expect((await followUp(BUSINESS_2, c.v_uid)).statusCode).toBe(404);
    expect((await t.call(WALLET, { method: 'GET', url: `${base}/${c.v_uid}` })).statusCode).toBe(404);
    const list = await t.call(BUSINESS_2, { method: 'POST', url: `${base}/GetAll`, payload: { Size: 100, Client: a.client } });
    expect((list.json().data.Records as Array<{ v_client: string }>).every((r) => r.v_client !== a.client)).toBe(true);
    const csv = await t.call(BUSINESS_2, { method: 'POST', url: `${base}/csv`, payload: {} });
    expect(csv.body).not.toContain(c.v_num_sheet);
    expect([await rows(), await events()]).toEqual(before);
  });

  it('a colleague of the same business sees the case; staff and super see every case', async () => {
    const c = await openCase();
    expect((await t.call(COLLEAGUE, { method: 'GET', url: `${base}/${c.v_uid}` })).statusCode).toBe(200);
    expect((await t.call(SUPER, { method: 'GET', url: `${base}/${c.v_uid}` })).json().data.v_num_sheet).toBe(c.v_num_sheet);
  });
});

describe('attachments', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

  it("a follow-up carries a PDF that only the case's tenant and staff can download", async () => {
    const c = await openCase();
    const form = multipart(
      { v_uid_clarification: c.v_uid, t_comment: 'Comprobante del banco' },
      { name: 'comprobante.pdf', type: 'application/pdf', content: pdf },
    );
    const res = await t.call(BUSINESS, { method: 'POST', url: `${base}/follow-up/attachment`, ...form });
    expect(res.statusCode, res.body).toBe(200);
    const att = res.json().data.Attachment as { Id: string; Name: string };
    expect(att.Name).toBe('comprobante.pdf');
    const got = await t.call(TECHFAR, { method: 'GET', url: `${base}/follow-up/attachment/${att.Id}` });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect((await t.call(BUSINESS_2, { method: 'GET', url: `${base}/follow-up/attachment/${att.Id}` })).statusCode).toBe(404);
    const timeline = await t.call(BUSINESS, { method: 'GET', url: `${base}/follow-up/${c.v_uid}` });
    expect(timeline.json().data[0].Attachment.Id).toBe(att.Id);
  });

  it.each([
    [
      'an executable renamed',
      { name: 'virus.exe', type: 'application/octet-stream', content: Buffer.from('MZ...') },
      'Archivo no válido, solo se aceptan archivos .pdf, .jpg, .jpeg, .png',
    ],
    ['a fake PDF', { name: 'falso.pdf', type: 'application/pdf', content: Buffer.from('hola') }, 'Archivo no válido, solo se aceptan archivos .pdf'],
    [
      'a fake PNG',
      { name: 'foto.png', type: 'image/png', content: Buffer.from('hola') },
      'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg',
    ],
  ])('refuses %s and writes nothing', async (_n, file, message) => {
    const c = await openCase();
    const before = [await events(), await count(t, 'files')];
    const res = await t.call(BUSINESS, { method: 'POST', url: `${base}/follow-up/attachment`, ...multipart({ v_uid_clarification: c.v_uid }, file) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect([await events(), await count(t, 'files')]).toEqual(before);
  });

  it("refuses an attachment to another business's case", async () => {
    const c = await openCase();
    const before = await count(t, 'files');
    const res = await t.call(BUSINESS_2, {
      method: 'POST',
      url: `${base}/follow-up/attachment`,
      ...multipart({ v_uid_clarification: c.v_uid }, { name: 'a.pdf', type: 'application/pdf', content: pdf }),
    });
    expect(res.statusCode).toBe(404);
    expect(await count(t, 'files')).toBe(before);
  });
});

describe('wallet users (WAL)', () => {
  const W1 = 'w1.aclaraciones@wallet.mx';
  const W2 = 'w2.aclaraciones@wallet.mx';
  let trackingW1: string;
  let trackingW2: string;
  let w1: { v_uid: string; v_client: string };

  /** A wallet user of their own tenant, with one incoming SPEI on their wallet CLABE (its tracking key). */
  async function walletWithMovement(email: string) {
    const u = await addUser(t, email, WALLET, { newTenant: true });
    const summary = await t.call(email, { method: 'POST', url: '/api/v1/wallet/summary', payload: {} });
    expect(summary.statusCode, summary.body).toBe(200);
    return { u, tracking: await incoming(summary.json().data.Clabe) };
  }

  beforeAll(async () => {
    const one = await walletWithMovement(W1);
    w1 = one.u;
    trackingW1 = one.tracking;
    trackingW2 = (await walletWithMovement(W2)).tracking;
  });

  it('opens a case on their own wallet movement, follows it, gets the answers and rates it once closed', async () => {
    const c = await openCase(W1, { v_key_tracing: trackingW1.toLowerCase() });
    expect(c.Status).toBe('por-abrir');
    expect(c.v_uid_movement).not.toBeNull();
    const [row] = await t.sql<{ v_client: string; v_uid_user: string; v_key_tracing: string }>(
      `SELECT v_client, v_uid_user, v_key_tracing FROM clarifications WHERE v_uid = $1`,
      [c.v_uid],
    );
    expect(row).toEqual({ v_client: w1.v_client, v_uid_user: w1.v_uid, v_key_tracing: trackingW1 });

    // Their list holds it; the staff queue names the wallet user as the client.
    const mine = await t.call(W1, { method: 'POST', url: `${base}/GetAll`, payload: { Size: 100 } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json().data.Records as Array<{ v_uid: string; v_client: string }>).every((r) => r.v_client === w1.v_client)).toBe(true);
    expect((mine.json().data.Records as Array<{ v_uid: string }>).map((r) => r.v_uid)).toContain(c.v_uid);
    const queue = await t.call(TECHFAR, { method: 'POST', url: `${base}/GetAll`, payload: { Search: c.v_num_sheet } });
    expect(queue.json().data.Records[0]).toMatchObject({ v_client: w1.v_client, ClientName: 'Prueba Automatizada' });

    expect((await followUp(W1, c.v_uid, 'El depósito no aparece en mi saldo')).statusCode).toBe(200);
    expect((await put(TECHFAR, c.v_uid, { AssignToMe: true })).statusCode).toBe(200);
    expect((await followUp(TECHFAR, c.v_uid, 'Lo revisamos con el banco')).statusCode).toBe(200);
    expect(await count(t, 'notifications', `v_uid_user = $1 AND v_kind = 'clarification.answered'`, [w1.v_uid])).toBe(1);
    expect((await put(TECHFAR, c.v_uid, { v_uid_status: 'cerrado', t_note: 'Acreditado' })).statusCode).toBe(200);
    expect(await count(t, 'notifications', `v_uid_user = $1 AND v_kind = 'clarification.closed'`, [w1.v_uid])).toBe(1);

    const rated = await put(W1, c.v_uid, { n_calification: 5, t_calification: 'Rápido' });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json().data).toMatchObject({ n_calification: 5, Status: 'cerrado' });
    const timeline = await t.call(W1, { method: 'GET', url: `${base}/follow-up/${c.v_uid}` });
    expect((timeline.json().data as Array<{ Kind: string }>).map((f) => f.Kind)).toEqual(['comment', 'assign', 'status', 'comment', 'status', 'rating']);
    const csv = await t.call(W1, { method: 'POST', url: `${base}/csv`, payload: {} });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(c.v_num_sheet);
  });

  it.each([
    ["another wallet user's movement", () => trackingW2],
    ["a business's movement", () => trackingA],
    ['a key of no movement', () => 'NOEXISTE123'],
  ])('refuses a tracking key of %s with a Spanish message and writes nothing', async (_name, tracking) => {
    const before = [await rows(), await count(t, 'log_user')];
    const res = await open(W1, { v_key_tracing: tracking() });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('La clave de rastreo no corresponde a ninguno de tus movimientos');
    expect(res.json().errors[0].field).toBe('v_key_tracing');
    expect([await rows(), await count(t, 'log_user')]).toEqual(before);
  });

  it("never reaches another wallet user's case (404), nor a business's, and writes nothing", async () => {
    const c = await openCase(W1, { v_key_tracing: trackingW1 });
    const biz = await openCase(BUSINESS);
    const before = [await rows(), await events(), await count(t, 'log_user')];
    for (const uid of [c.v_uid, biz.v_uid]) {
      expect((await t.call(W2, { method: 'GET', url: `${base}/${uid}` })).statusCode).toBe(404);
      expect((await t.call(W2, { method: 'GET', url: `${base}/follow-up/${uid}` })).statusCode).toBe(404);
      expect((await followUp(W2, uid)).statusCode).toBe(404);
      expect((await put(W2, uid, { v_uid_status: 'eliminado' })).statusCode).toBe(404);
    }
    expect((await followUp(W1, biz.v_uid)).statusCode).toBe(404);
    const list = await t.call(W2, { method: 'POST', url: `${base}/GetAll`, payload: { Size: 100, Client: w1.v_client } });
    expect(list.json().data.Records).toEqual([]);
    expect((await t.call(W2, { method: 'POST', url: `${base}/csv`, payload: {} })).body).not.toContain(c.v_num_sheet);
    // A business does not see the wallet user's case either.
    expect((await t.call(BUSINESS, { method: 'GET', url: `${base}/${c.v_uid}` })).statusCode).toBe(404);
    expect([await rows(), await events(), await count(t, 'log_user')]).toEqual(before);
  });

  it('cannot move a case forward, take it or retype it (staff only), and writes nothing', async () => {
    const c = await openCase(W1, { v_key_tracing: trackingW1 });
    const before = [await events(), await count(t, 'log_user')];
    let res = await put(W1, c.v_uid, { v_uid_status: 'en-proceso' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Solo el personal FAR cambia el estatus de una aclaración');
    res = await put(W1, c.v_uid, { AssignToMe: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Solo el personal FAR puede tomar una aclaración');
    expect((await put(W1, c.v_uid, { v_uid_type_clarification: CLARIFICATION_TYPES[3]!.Id })).statusCode).toBe(403);
    expect([await events(), await count(t, 'log_user')]).toEqual(before);
    const [row] = await t.sql<{ v_uid_status: string }>(`SELECT v_uid_status FROM clarifications WHERE v_uid = $1`, [c.v_uid]);
    expect(row!.v_uid_status).toBe(STATUS_IDS['por-abrir']);
    // Deleting a case nobody took yet is theirs to do.
    expect((await put(W1, c.v_uid, { v_uid_status: 'eliminado' })).json().data.Status).toBe('eliminado');
  });

  it('a wallet role without the /clarification grants is refused (403) and writes nothing', async () => {
    await addUserWithGrants(t, 'w3.aclaraciones@wallet.mx', WALLET, { except: ['/clarification'] }, { newTenant: true });
    const before = await rows();
    expect((await t.call('w3.aclaraciones@wallet.mx', { method: 'POST', url: `${base}/GetAll`, payload: {} })).statusCode).toBe(403);
    expect((await open('w3.aclaraciones@wallet.mx')).statusCode).toBe(403);
    expect(await rows()).toBe(before);
  });

  it('the 0014 migration grants /clarification to the WAL roles of an existing database', async () => {
    const menu = menuIdByUrl('/clarification');
    const grantsOf = async (role: string) =>
      (await t.sql<{ t_json: Array<{ v_uid_menu: string; v_permissions: string[] }> }>(`SELECT t_json FROM role_permissions WHERE v_uid_role = $1`, [role]))[0]!
        .t_json;
    // The database as it was before: the entry for FAR and BUS only, no WAL role listing it.
    await t.sql(`UPDATE menu SET v_client_prefix = ARRAY['FAR', 'BUS'] WHERE v_uid = $1`, [menu]);
    await t.sql(
      `UPDATE role_permissions SET t_json = (SELECT jsonb_agg(g) FROM jsonb_array_elements(t_json) g WHERE g->>'v_uid_menu' <> $1) WHERE v_uid_role = $2`,
      [menu, ROLE_IDS.wallet],
    );
    expect((await grantsOf(ROLE_IDS.wallet)).some((g) => g.v_uid_menu === menu)).toBe(false);
    const business = await grantsOf(ROLE_IDS.business);

    const migration = readFileSync(new URL('../../drizzle/0016_clarifications_wallet.sql', import.meta.url), 'utf8');
    // Twice: running it again changes nothing.
    for (let i = 0; i < 2; i++) for (const statement of migration.split('--> statement-breakpoint')) await t.sql(statement);

    const [entry] = await t.sql<{ v_client_prefix: string[] }>(`SELECT v_client_prefix FROM menu WHERE v_uid = $1`, [menu]);
    expect(entry!.v_client_prefix).toEqual(['FAR', 'BUS', 'WAL']);
    const granted = (await grantsOf(ROLE_IDS.wallet)).filter((g) => g.v_uid_menu === menu);
    expect(granted).toHaveLength(1);
    expect([...granted[0]!.v_permissions].sort()).toEqual(['Ver', 'Agregar', 'Editar', 'Borrar'].map((p) => PERMISSION_IDS[p as 'Ver']).sort());
    expect(await grantsOf(ROLE_IDS.business)).toEqual(business);
    // The wallet user's menu offers it again.
    const menuRes = await t.call(WALLET, { method: 'GET', url: '/api/v1/rbac/menu' });
    expect((menuRes.json().data as Array<{ v_url: string }>).map((e) => e.v_url)).toContain('/clarification');
  });
});
