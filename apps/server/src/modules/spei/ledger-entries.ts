/** A movement's ledger lines in words (its detail) and the wording of each leg (statements too). */
import { amountOut, type LedgerEntry } from '@far/contracts';
import type { DbOrTx } from '../../db/client';
import { linesOfReference, type LedgerLine, type ProviderBook } from '../ledger';
import type { MovementRow } from './movement';

const LEG_TEXT: Record<string, Record<string, (who: string) => string>> = {
  'spei-out': {
    amount: (who) => `Transferencia SPEI enviada${who ? ` a ${who}` : ''}`,
    commission: () => 'Comisión por transferencia SPEI',
    iva: () => 'IVA de la comisión',
  },
  'spei-in': {
    amount: (who) => `Transferencia SPEI recibida${who ? ` de ${who}` : ''}`,
    commission: () => 'Comisión por SPEI recibido',
    iva: () => 'IVA de la comisión',
  },
  deposit: { amount: (who) => `Depósito${who ? ` de ${who}` : ''}`, commission: () => 'Comisión por depósito', iva: () => 'IVA de la comisión' },
  'wallet-transfer': {
    amount: (who) => `Envío entre Wallets${who ? ` a ${who}` : ''}`,
    commission: () => 'Comisión por envío entre Wallets',
    iva: () => 'IVA de la comisión',
  },
  'budget-add': { amount: (who) => (who ? `Apartado a ${who}` : 'Apartado a presupuesto') },
  'budget-minus': { amount: (who) => (who ? `Retiro de ${who}` : 'Retiro de presupuesto') },
  'spei-out-return': { amount: (who) => `Devolución de transferencia SPEI${who ? ` a ${who}` : ''}` },
  'card-funding': { amount: () => 'Fondeo de tarjetas', commission: () => 'Comisión por fondeo de tarjetas', iva: () => 'IVA de la comisión' },
  'card-purchase': { amount: (who) => `Compra con tarjeta${who ? ` en ${who}` : ''}` },
  'card-refund': { amount: (who) => `Reembolso de compra con tarjeta${who ? ` de ${who}` : ''}` },
  'card-replacement': { amount: () => 'Traspaso por reposición de tarjeta' },
  'card-dispute-credit': { amount: (who) => `Abono provisional por disputa${who ? ` de ${who}` : ''}` },
  'card-dispute-reversal': { amount: (who) => `Reversa de abono provisional por disputa perdida${who ? ` de ${who}` : ''}` },
  'card-dispute-chargeback': { amount: (who) => `Contracargo por disputa ganada${who ? ` de ${who}` : ''}` },
};
/** A kind without words of its own (a future writer) still reads as Spanish, never as its code. */
const FALLBACK: Record<string, string> = { commission: 'Comisión', iva: 'IVA de la comisión' };

/** What a leg of a ledger transaction is, in the words of a statement; `credit`: the leg raises the account. */
export function legDescription(kind: string, leg: string | null, memo: Record<string, unknown> | null, credit = false): string {
  // The receiver of a wallet-to-wallet transfer reads who sent it (the counterparty is the receiver).
  if (kind === 'wallet-transfer' && (leg ?? 'amount') === 'amount' && credit)
    return `Envío entre Wallets recibido${typeof memo?.sender === 'string' ? ` de ${memo.sender}` : ''}`;
  const named = memo?.counterparty ?? memo?.merchant;
  const who = typeof named === 'string' ? named : '';
  const text = LEG_TEXT[kind]?.[leg ?? 'amount'];
  if (text) return text(who);
  if (kind === 'reversal') return 'Corrección (reversa de un movimiento)';
  return FALLBACK[leg ?? ''] ?? 'Otro movimiento';
}

/** The provider's books as a customer reads them. */
const BOOK_LABELS: Record<ProviderBook, string> = {
  'commission-income': 'Comisiones SPEI',
  'iva-payable': 'IVA por pagar',
  'spei-clearing': 'Liquidación SPEI',
  'settlement-in-transit': 'Liquidación en tránsito',
  'card-disputes': 'Disputas de tarjetas',
};
const CUSTOMER_LABELS: Record<string, string> = { business: 'Cuenta de la empresa', wallet: 'Cuenta del monedero', cardholder: 'Cuenta del tarjetahabiente' };

const accountLabel = (a: LedgerLine['account']) =>
  a.ownerKind === 'provider' ? (BOOK_LABELS[a.owner as ProviderBook] ?? a.owner) : (CUSTOMER_LABELS[a.ownerKind] ?? a.owner);

/** Both rows of a wallet-to-wallet transfer point at its one transaction (v_uid_transaction). */
const WALLET_TRANSFER_TYPES = new Set<MovementRow['v_type']>(['WALLET_OUT', 'WALLET_IN']);

/** The rows an order's module writes; every other type is derived from its ledger transaction (migration 0019). */
const ORDER_TYPES = new Set<MovementRow['v_type']>(['SPEI_OUT', 'SPEI_IN', 'DEPOSIT', 'WALLET_OUT', 'WALLET_IN']);

/**
 * The ledger lines of a movement (its settlement or credit, a return, any reversal): an order's
 * transactions are posted with its id as reference; a derived movement is its one transaction.
 * Lines of one account label, wording and side are added up (a card funding's thousand card legs
 * read as one). The caller has already checked the movement's tenant. A held, cancelled or
 * rejected order has none. A wallet-to-wallet transfer: the lines of the side's own account.
 */
export async function movementEntries(db: DbOrTx, m: MovementRow): Promise<LedgerEntry[]> {
  const transfer = WALLET_TRANSFER_TYPES.has(m.v_type);
  const derived = (transfer || !ORDER_TYPES.has(m.v_type)) && m.v_uid_transaction;
  const all = derived ? await linesOfReference(db, m.v_uid_transaction!, 'transaction') : await linesOfReference(db, m.v_uid);
  // A wallet-to-wallet transfer is one transaction on two customers' accounts: each side reads its own account's lines only.
  const lines = transfer ? all.filter((l) => l.account.ownerKind !== 'provider' && l.account.owner === m.v_client) : all;
  const summed = new Map<string, { Account: string; Description: string; cents: bigint }>();
  for (const l of lines) {
    const line = { Account: accountLabel(l.account), Description: legDescription(l.kind, l.leg, l.memo, l.amountCents > 0n) };
    const key = `${line.Account}\u0000${line.Description}\u0000${l.amountCents < 0n}`;
    const seen = summed.get(key);
    if (seen) seen.cents += l.amountCents;
    else summed.set(key, { ...line, cents: l.amountCents });
  }
  return [...summed.values()].map((l) => ({
    Account: l.Account,
    Description: l.Description,
    Debit: l.cents < 0n ? amountOut(-l.cents) : null,
    Credit: l.cents > 0n ? amountOut(l.cents) : null,
  }));
}
