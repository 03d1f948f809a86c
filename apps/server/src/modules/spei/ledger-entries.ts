/** A movement's ledger lines in words (its detail) and the wording of each leg (statements too). */
import { amountOut, type LedgerEntry } from '@far/contracts';
import type { DbOrTx } from '../../db/client';
import { linesOfReference, type LedgerLine, type ProviderBook } from '../ledger';
import type { MovementRow } from './movement';

const LEG_TEXT: Record<string, Record<string, (who: string) => string>> = {
  'spei-out': { amount: (who) => `Transferencia SPEI enviada${who ? ` a ${who}` : ''}`, commission: () => 'Comisión por transferencia SPEI', iva: () => 'IVA de la comisión' },
  'spei-in': { amount: (who) => `Transferencia SPEI recibida${who ? ` de ${who}` : ''}`, commission: () => 'Comisión por SPEI recibido', iva: () => 'IVA de la comisión' },
  deposit: { amount: (who) => `Depósito${who ? ` de ${who}` : ''}`, commission: () => 'Comisión por depósito', iva: () => 'IVA de la comisión' },
  'wallet-transfer': { amount: (who) => `Envío entre Wallets${who ? ` a ${who}` : ''}`, commission: () => 'Comisión por envío entre Wallets', iva: () => 'IVA de la comisión' },
  'budget-add': { amount: (who) => `Apartado al presupuesto${who ? ` ${who}` : ''}` },
  'budget-minus': { amount: (who) => `Retiro del presupuesto${who ? ` ${who}` : ''}` },
  'spei-out-return': { amount: (who) => `Devolución de transferencia SPEI${who ? ` a ${who}` : ''}` },
};

/** What a leg of a ledger transaction is, in the words of a statement. */
export function legDescription(kind: string, leg: string | null, memo: Record<string, unknown> | null): string {
  const who = typeof memo?.counterparty === 'string' ? memo.counterparty : '';
  const text = LEG_TEXT[kind]?.[leg ?? 'amount'];
  if (text) return text(who);
  if (kind === 'reversal') return 'Corrección (reversa de un movimiento)';
  return kind;
}

/** The provider's books as a customer reads them. */
const BOOK_LABELS: Record<ProviderBook, string> = {
  'commission-income': 'Comisiones SPEI',
  'iva-payable': 'IVA por pagar',
  'spei-clearing': 'Liquidación SPEI',
  'settlement-in-transit': 'Liquidación en tránsito',
};
const CUSTOMER_LABELS: Record<string, string> = { business: 'Cuenta de la empresa', wallet: 'Cuenta del monedero', cardholder: 'Cuenta del tarjetahabiente' };

const accountLabel = (a: LedgerLine['account']) => (a.ownerKind === 'provider' ? (BOOK_LABELS[a.owner as ProviderBook] ?? a.owner) : (CUSTOMER_LABELS[a.ownerKind] ?? a.owner));

/**
 * The ledger lines of a movement (its settlement or credit, a return, any reversal): every
 * transaction is posted with the movement's id as reference. The caller has already checked the
 * movement's tenant. A held, cancelled or rejected order has none.
 */
export async function movementEntries(db: DbOrTx, m: MovementRow): Promise<LedgerEntry[]> {
  const lines = await linesOfReference(db, m.v_uid);
  return lines.map((l) => ({
    Account: accountLabel(l.account),
    Description: legDescription(l.kind, l.leg, l.memo),
    Debit: l.amountCents < 0n ? amountOut(-l.amountCents) : null,
    Credit: l.amountCents > 0n ? amountOut(l.amountCents) : null,
  }));
}
