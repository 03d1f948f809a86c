/**
 * One business movement as the SPEI files share it (speiout, rail-events, incoming, queries): its
 * row, its answer shape, its ledger memo and legs, the business's ledger account.
 *
 * SPEI out, its pending life (cancel, remove), the rail's outcomes, SPEI in and deposits. Every
 * function that moves money takes the caller's transaction (the money command's); the ledger does
 * the money (holds for SPEI out, postings for everything else) and this module keeps the order.
 *
 *   SPEI out accepted  → hold amount + commission + IVA on the business account   (status 0)
 *   sent to the rail   → nothing moves                                              (status 1)
 *   settled            → hold posted: business −amount −commission −IVA;
 *                        spei-clearing +amount, commission-income +commission,
 *                        iva-payable +IVA (separate legs)                          (status 2)
 *   returned/rejected  → hold released                                             (status 3/4)
 *   cancel/remove      → hold released (only while status 0)                       (status 5/6)
 *   SPEI in / deposit  → business +amount −commission −IVA; spei-clearing −amount,
 *                        commission-income +commission, iva-payable +IVA            (status 2)
 */
import {
  MOVEMENT_DIRECTION,
  MOVEMENT_STATUS,
  MOVEMENT_STATUS_NAMES,
  MOVEMENT_TYPE_NAMES,
  amountOut,
  bankByClabePrefix,
  type BusinessMovement,
} from '@far/contracts';
import type { Tx } from '../../db/client';
import { iso } from '../../platform/reply';
import { businessName, type BusinessRow } from '../businesses';
import { openAccount, type LedgerAccount, type PostingInput } from '../ledger';
import type { businessMovements } from './schema';

export const SECTION = 'Transferencias';
const S = MOVEMENT_STATUS;
export const MOVEMENT_NOT_FOUND = 'Movimiento no encontrado';
/** The business CLABEs are STP's (646). */
export const PROVIDER_BANK = '646';

export type MovementRow = typeof businessMovements.$inferSelect;

export const holdReference = (movementId: string) => `spei-out:${movementId}`;

/** Orders that count against limits: accepted and not cancelled, removed, rejected or returned. */
export const COUNTED = [S.pendiente, S.enviada, S.liquidada];

export const bankName = (code: string | null) => (code ? (bankByClabePrefix(code)?.name ?? null) : null);

/**
 * What a movement has done to its tenant's balance: a row is linked to its ledger transaction once
 * posted (v_uid_transaction), on the tenant's own account unless a card's account pays it
 * (v_uid_account). The return of a settled order is a movement of its own (SPEI_OUT_RETURN).
 */
export function balanceEffect(r: Pick<MovementRow, 'v_type' | 'v_uid_transaction' | 'v_uid_account' | 'n_total_cents'>): bigint {
  if (!r.v_uid_transaction || r.v_uid_account) return 0n;
  const direction = MOVEMENT_DIRECTION[r.v_type];
  return direction === 'in' ? r.n_total_cents : direction === 'out' ? -r.n_total_cents : 0n;
}

/** «Apartado a Vacaciones»: a budget move names its budget (kept as the counterparty). */
export function movementName(r: Pick<MovementRow, 'v_type' | 'v_beneficiary_name' | 'v_source_name'>): string {
  if (r.v_type === 'BUDGET_ADD' && r.v_beneficiary_name) return `Apartado a ${r.v_beneficiary_name}`;
  if (r.v_type === 'BUDGET_MINUS' && r.v_source_name) return `Retiro de ${r.v_source_name}`;
  return MOVEMENT_TYPE_NAMES[r.v_type];
}

export function movementOut(r: MovementRow, remaining: bigint | null = null): BusinessMovement {
  return {
    Id: r.v_uid,
    BusinessId: r.v_uid_business,
    IdClientBusiness: r.v_client,
    MovementType: r.v_type,
    MovementName: movementName(r),
    MovementAmount: amountOut(r.n_amount_cents),
    Commission: amountOut(r.n_commission_cents),
    IVA: amountOut(r.n_iva_cents),
    TotalAmount: amountOut(r.n_total_cents),
    BalanceEffect: amountOut(balanceEffect(r)),
    MovementDate: iso(r.d_movement_at)!,
    MovementUpdateDate: iso(r.d_update_at)!,
    MovementDateScheduled: iso(r.d_scheduled_at),
    PaymentDay: r.d_payment_day,
    RemainingBalance: remaining === null ? null : amountOut(remaining),
    SourceAccount: { Clabe: r.v_source_clabe, BankCode: r.v_source_bank_code, BankName: bankName(r.v_source_bank_code), Name: r.v_source_name },
    Beneficiary: {
      Clabe: r.v_beneficiary_clabe,
      BankCode: r.v_beneficiary_bank_code,
      BankName: bankName(r.v_beneficiary_bank_code),
      Name: r.v_beneficiary_name,
    },
    BeneficiaryAccountClabe: r.v_beneficiary_clabe,
    BankCode: r.v_beneficiary_bank_code,
    BankName: bankName(r.v_beneficiary_bank_code),
    ClabeAccountId: r.v_uid_clabe_account,
    Alias: r.v_alias,
    Concept: r.v_concept,
    Reference: r.v_reference,
    TrackingKey: r.v_tracking_key,
    OperationDate: r.d_operation_date,
    OrderOPMId: r.v_rail_id,
    DispersionId: r.v_uid_dispersion,
    StatusBusinessMovement: r.i_status,
    StatusName: MOVEMENT_STATUS_NAMES[r.i_status] ?? String(r.i_status),
    PreviousStatusBusinessMovement: r.i_previous_status,
    ChangedByUserEmail: r.v_changed_by_email,
    ErrorDetail: r.v_error_detail,
    ReturnTrackingKey: r.v_return_tracking_key,
    SentAt: iso(r.d_sent_at),
    SettledAt: iso(r.d_settled_at),
    ReturnedAt: iso(r.d_returned_at),
    CanCancel: r.v_type === 'SPEI_OUT' && (r.i_status === S.pendiente || r.i_status === S.porAutorizar),
  };
}

// ---- the business's ledger account ------------------------------------------------------------------

export const businessAccount = (tx: Tx, b: BusinessRow): Promise<LedgerAccount> =>
  openAccount(tx, { ownerKind: 'business', owner: b.v_client, name: businessName(b) });

export const memoOf = (m: Pick<MovementRow, 'v_uid' | 'v_type' | 'v_tracking_key' | 'v_concept' | 'v_reference' | 'v_source_name' | 'v_beneficiary_name'>) => ({
  movementId: m.v_uid,
  type: m.v_type,
  trackingKey: m.v_tracking_key,
  concept: m.v_concept,
  reference: m.v_reference,
  counterparty: m.v_type === 'SPEI_OUT' ? m.v_beneficiary_name : m.v_source_name,
});

/** Non-zero legs only (the ledger refuses a zero posting). */
export const legs = (list: PostingInput[]) => list.filter((l) => l.amountCents !== 0n);
