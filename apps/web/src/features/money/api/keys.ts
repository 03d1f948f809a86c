import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** Query keys of the money screens; every money change invalidates `money` and the dashboards. */
export const moneyKeys = {
  all: queryKeys.money,
  banks: [...queryKeys.money, 'banks'] as const,
  accountTypes: [...queryKeys.money, 'account-types'] as const,
  accounts: [...queryKeys.money, 'clabe-accounts'] as const,
  myAccounts: [...queryKeys.money, 'my-accounts'] as const,
  balance: [...queryKeys.money, 'balance'] as const,
  pending: [...queryKeys.money, 'pending'] as const,
  movements: [...queryKeys.money, 'movements'] as const,
  movement: [...queryKeys.money, 'movement'] as const,
  accountState: [...queryKeys.money, 'account-state'] as const,
  globalConfig: [...queryKeys.money, 'spei-config', 'global'] as const,
  businessConfig: [...queryKeys.money, 'spei-config', 'business'] as const,
  limits: [...queryKeys.money, 'limits'] as const,
  businesses: [...queryKeys.money, 'businesses'] as const,
};

/** After money moved (or an order settled or came back): balances, pending orders, movements and the dashboards. */
export function refreshMoneyFigures(queryClient: QueryClient): void {
  for (const queryKey of [moneyKeys.balance, moneyKeys.pending, moneyKeys.movements, moneyKeys.accountState, moneyKeys.limits, queryKeys.dashboard]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
