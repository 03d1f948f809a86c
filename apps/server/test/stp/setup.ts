// A product on SPEI_RAIL=stp against the fake STP: the app listens on 127.0.0.1 (STP's webhooks
// are real HTTP calls), and the dispatcher runs at the instant a test asks for.
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Config, StpConfig } from '../../src/config';
import { webhookAllowList } from '../../src/config';
import { runDueJobs } from '../../src/modules/jobs';
import { dispatchStp } from '../../src/modules/stp';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { TECHFAR, demoBusiness, deposit, noLimits } from '../money/money';
import { startFakeStp, type FakeStp } from './fake-stp';
import { STP_PASSPHRASE, makeStpKeys } from './keys';

export const CUENTA_ORDENANTE = '646180110400000007';

export interface StpWorld {
  t: TestApp;
  fake: FakeStp;
  stp: StpConfig;
  /** Runs the due jobs and then the STP dispatcher, `ms` after now. */
  step(ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function stpWorld(overrides: Partial<Config> = {}, opts: { cepUrl?: string } = {}): Promise<StpWorld> {
  const keys = makeStpKeys();
  const pem = readFileSync(keys.file, 'utf8');
  const privateKey = createPrivateKey({ key: pem.slice(pem.indexOf('-----BEGIN')), format: 'pem', passphrase: STP_PASSPHRASE });
  const timeoutMs = 2500;
  const fake = await startFakeStp(keys.publicKey, { timeoutMs });
  const stp: StpConfig = { apiUrl: fake.url, empresa: fake.empresa, privateKey, cuentaOrdenante: CUENTA_ORDENANTE, timeoutMs, cepUrl: opts.cepUrl };
  const t = await createTestApp({ speiRail: 'stp', stp, stpWebhookAllow: webhookAllowList(undefined, false), ...overrides });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  fake.productUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return {
    t,
    fake,
    stp,
    async step(ms = 60_000) {
      const at = new Date(Date.now() + ms);
      await runDueJobs(t.database.db, at, { max: 100_000 });
      await dispatchStp(t.database.db, stp, at);
    },
    async close() {
      await fake.close();
      await t.close();
    },
  };
}

/** The rail tests' start: the STP world with the demo business funded and free of limits, no SPEI-in commission. */
export async function fundedStpWorld(opts: { speiOutCommission: string; deposit: string }): Promise<StpWorld> {
  const w = await stpWorld();
  const b = await demoBusiness(w.t);
  await noLimits(w.t, b);
  const res = await w.t.call(TECHFAR, {
    method: 'PUT',
    url: '/api/v1/transaction/speiconfig/global',
    payload: { CommissionSpeiInGlobal: '0', EnableSpeiOutGlobal: true, CommissionSpeiOutTransaction: opts.speiOutCommission, CommissionDepositCardholder: '0' },
  });
  expect(res.statusCode, res.body).toBe(200);
  await deposit(w.t, b.id, opts.deposit);
  return w;
}
