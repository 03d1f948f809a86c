/** The wallet's calls (issue 11): /api/v1/wallet/* and /api/v1/budget*. */
import {
  AccountState,
  Budget,
  BudgetMovementOut,
  BusinessMovement,
  BusinessMovementDetail,
  BusinessMovementPage,
  CodeDelivery,
  WalletLimitOut,
  WalletPreview,
  WalletSavedAccount,
  WalletSummary,
  type BudgetCreateBody,
  type BudgetMovementBody,
  type BudgetUpdateBody,
  type MovementType,
  type SecurityCodeBody,
  type WalletDepositBody,
  type WalletLimitBody,
  type WalletMovementsBody,
  type WalletMovementsExportBody,
  type WalletPreferencesBody,
  type WalletPreviewBody,
  type WalletSavedAccountBody,
  type WalletSpeiOutBody,
  type WalletStatementBody,
  type WalletTransferBody,
  type WalletUserBody,
} from '@far/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { proofFileName, type ProofKind } from '../../components/proof-downloads';
import { unwrap } from '../../lib/api-client';
import { IDEMPOTENCY_HEADER, movementRefetchInterval, newIdempotencyKey, saveBlob } from '../../lib/money';
import { queryKeys } from '../../lib/query-keys';
import { api } from '../../lib/api';

export const walletKeys = {
  all: ['wallet'] as const,
  summary: (userId?: string) => ['wallet', 'summary', userId ?? 'me'] as const,
  movements: ['wallet', 'movements'] as const,
  movement: (id: string) => ['wallet', 'movement', id] as const,
  budgets: (userId?: string) => ['wallet', 'budgets', userId ?? 'me'] as const,
  saved: ['wallet', 'saved'] as const,
};

/** After money moved: every wallet figure and the dashboards. */
function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: walletKeys.all });
    void qc.invalidateQueries({ queryKey: queryKeys.dashboard });
  };
}

export const useWalletSummary = (userId?: string) =>
  useQuery({
    queryKey: walletKeys.summary(userId),
    queryFn: () =>
      unwrap(api.POST('/api/v1/wallet/summary', { body: (userId ? { UserId: userId } : {}) satisfies z.input<typeof WalletUserBody>, schema: WalletSummary })),
  });

export interface MovementFilters {
  From: string | null;
  To: string | null;
  Type: MovementType | null;
  Status: number | null;
  Search: string;
}
/** The screen's filters as the fields of the body the server validates (list and export share them). */
const filtersBody = (f: MovementFilters, userId?: string): Omit<z.input<typeof WalletMovementsBody>, 'Page' | 'Size'> => ({
  UserId: userId,
  From: f.From ?? undefined,
  To: f.To ?? undefined,
  Type: f.Type ?? undefined,
  Status: f.Status ?? undefined,
  Search: f.Search.trim() || undefined,
});

export const useWalletMovements = (f: MovementFilters, page: number, size: number, userId?: string) =>
  useQuery({
    queryKey: [...walletKeys.movements, userId ?? 'me', f, page, size],
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/wallet/movements', {
          body: { ...filtersBody(f, userId), Page: page, Size: size } satisfies z.input<typeof WalletMovementsBody>,
          schema: BusinessMovementPage,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useWalletMovement = (id: string) =>
  useQuery({
    queryKey: walletKeys.movement(id),
    queryFn: () => unwrap(api.GET('/api/v1/wallet/movement/{id}', { params: { path: { id } }, schema: BusinessMovementDetail })),
    // An order in flight is read again until it settles or comes back, as the business's detail is.
    staleTime: 0,
    refetchInterval: (query) => movementRefetchInterval(query.state.data),
  });

export const useExportWalletMovements = () =>
  useMutation({
    mutationFn: async ({
      filters,
      format,
      userId,
    }: {
      filters: MovementFilters;
      format: z.input<typeof WalletMovementsExportBody>['Format'];
      userId?: string;
    }) => {
      const blob = await unwrap(
        api.POST('/api/v1/wallet/movements/export', {
          body: { ...filtersBody(filters, userId), Format: format } satisfies z.input<typeof WalletMovementsExportBody>,
          responseType: 'blob',
        }),
      );
      saveBlob(blob, `movimientos-wallet.${format}`);
    },
  });

/** Downloads a wallet movement's proof and saves it: Banxico's CEP of a SPEI out, the own PDF, or (unset) whichever the server offers. */
export async function saveWalletProof({ id, trackingKey, kind }: { id: string; trackingKey: string | null; kind?: ProofKind }) {
  const blob = await unwrap(api.GET('/api/v1/wallet/movement/{id}/proof', { params: { path: { id }, query: { Kind: kind } }, responseType: 'blob' }));
  saveBlob(blob, proofFileName(trackingKey, id, kind));
}

export const useDownloadWalletProof = () => useMutation({ mutationFn: saveWalletProof });

export const useWalletStatement = () =>
  useMutation({
    mutationFn: async ({ year, month, userId }: { year: number; month: number; userId?: string }) => {
      // The data first: a period that has not begun answers its Spanish message instead of a file.
      const period = { UserId: userId, Year: year, Month: month } satisfies z.input<typeof WalletStatementBody>;
      await unwrap(api.POST('/api/v1/wallet/statement', { body: period, schema: AccountState }));
      const blob = await unwrap(
        api.POST('/api/v1/wallet/statement', { body: { ...period, Format: 'pdf' } satisfies z.input<typeof WalletStatementBody>, responseType: 'blob' }),
      );
      saveBlob(blob, `estado-de-cuenta-${year}-${String(month).padStart(2, '0')}.pdf`);
    },
  });

// ---- transfers ----

export const usePreview = () =>
  useMutation({ mutationFn: (body: z.input<typeof WalletPreviewBody>) => unwrap(api.POST('/api/v1/wallet/preview', { body, schema: WalletPreview })) });

export const useRequestCode = () =>
  useMutation({
    mutationFn: (operation: Extract<z.input<typeof SecurityCodeBody>['Operation'], 'spei-out' | 'wallet-transfer'>) =>
      unwrap(api.POST('/api/v1/security/code', { body: { Operation: operation } satisfies z.input<typeof SecurityCodeBody>, schema: CodeDelivery })),
  });

export type SpeiOutInput = z.input<typeof WalletSpeiOutBody>;
export type TransferInput = z.input<typeof WalletTransferBody>;

const moneyCalls = {
  speiout: (init: MoneyInit<SpeiOutInput>) => api.POST('/api/v1/wallet/speiout', init),
  transfer: (init: MoneyInit<TransferInput>) => api.POST('/api/v1/wallet/transfer', init),
  deposit: (init: MoneyInit<z.input<typeof WalletDepositBody>>) => api.POST('/api/v1/wallet/deposit', init),
};
type MoneyInit<B> = { body: B; schema: typeof BusinessMovement; headers: Record<string, string> };

function useMoneyCall<B>(send: (init: MoneyInit<B>) => ReturnType<(typeof moneyCalls)['speiout']>) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: B; idempotencyKey: string }) =>
      unwrap(send({ body, schema: BusinessMovement, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    onSuccess: refresh,
  });
}
export const useWalletSpeiOut = () => useMoneyCall(moneyCalls.speiout);
export const useWalletTransfer = () => useMoneyCall(moneyCalls.transfer);
/** Staff: a sandbox deposit to a wallet. */
export const useWalletDeposit = () => useMoneyCall(moneyCalls.deposit);

export const useSavedAccounts = () =>
  useQuery({
    queryKey: walletKeys.saved,
    queryFn: () =>
      unwrap(api.POST('/api/v1/wallet/accounts/query', { body: {} satisfies z.input<typeof WalletUserBody>, schema: z.array(WalletSavedAccount) })),
  });

export function useSaveAccount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof WalletSavedAccountBody>) => unwrap(api.POST('/api/v1/wallet/accounts', { body, schema: WalletSavedAccount })),
    onSuccess: refresh,
  });
}

// ---- profile settings ----

export function useSetLimit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (DailyLimit: string) =>
      unwrap(api.PUT('/api/v1/wallet/limit', { body: { DailyLimit } satisfies z.input<typeof WalletLimitBody>, schema: WalletLimitOut })),
    onSuccess: refresh,
  });
}
export function useSetConfirmWith() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ConfirmWith: z.input<typeof WalletPreferencesBody>['ConfirmWith']) =>
      unwrap(
        api.PUT('/api/v1/wallet/preferences', {
          body: { ConfirmWith } satisfies z.input<typeof WalletPreferencesBody>,
          schema: z.object({ ConfirmWith: z.enum(['code', 'pin']) }),
        }),
      ),
    onSuccess: refresh,
  });
}

// ---- budgets ----

export const useBudgets = (userId?: string) =>
  useQuery({
    queryKey: walletKeys.budgets(userId),
    queryFn: () => unwrap(api.GET('/api/v1/budget', { params: { query: { UserId: userId } }, schema: z.array(Budget) })),
  });

export function useCreateBudget() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof BudgetCreateBody>) => unwrap(api.POST('/api/v1/budget', { body, schema: Budget })),
    onSuccess: refresh,
  });
}
export function useUpdateBudget() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof BudgetUpdateBody> }) =>
      unwrap(api.PUT('/api/v1/budget/{id}', { params: { path: { id } }, body, schema: Budget })),
    onSuccess: refresh,
  });
}
export function useBudgetMovement() {
  const refresh = useRefresh();
  return useMutation({
    // One key per submit: the server moves the money of one submit once.
    mutationFn: ({ id, v_type, n_amount }: { id: string } & z.input<typeof BudgetMovementBody>) =>
      unwrap(
        api.POST('/api/v1/budget/{id}/movement', {
          params: { path: { id } },
          body: { v_type, n_amount } satisfies z.input<typeof BudgetMovementBody>,
          schema: BudgetMovementOut,
          headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
        }),
      ),
    onSuccess: refresh,
  });
}
