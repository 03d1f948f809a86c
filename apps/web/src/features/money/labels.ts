import type { MovementType } from '@far/contracts';

/** Spanish names of the money screens' codes. */
export const USAGE_SCOPE_LABELS: Record<'ALL' | 'TRANSFER' | 'DISPERSION', string> = {
  ALL: 'Transferencias y dispersiones',
  TRANSFER: 'Solo transferencias',
  DISPERSION: 'Solo dispersiones',
};

/** Short names for table cells. */
export const USAGE_SCOPE_SHORT: Record<'ALL' | 'TRANSFER' | 'DISPERSION', string> = { ALL: 'Todo uso', TRANSFER: 'Transferencias', DISPERSION: 'Dispersiones' };
export const MOVEMENT_TYPE_SHORT: Record<MovementType, string> = {
  SPEI_OUT: 'SPEI enviado',
  SPEI_IN: 'SPEI recibido',
  DEPOSIT: 'Depósito',
  WALLET_OUT: 'Envío Wallet',
  WALLET_IN: 'Recibido Wallet',
  CARD_FUNDING: 'Fondeo tarjetas',
  BUDGET_ADD: 'Apartado',
  BUDGET_MINUS: 'Retiro de apartado',
  SPEI_OUT_RETURN: 'Devolución SPEI',
  LEDGER_IN: 'Abono',
  LEDGER_OUT: 'Cargo',
};
