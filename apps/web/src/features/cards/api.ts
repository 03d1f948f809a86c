/**
 * The card calls of the screens (issue 9): stock batches, cardholders, cards, funding, the
 * card-network sandbox and reveal. Staff pass BusinessId; a business never does.
 */
import {
  ActivationItemPage,
  type ActivationListBody,
  type AuthorizationRefBody,
  type AuthorizeBody,
  type BatchListBody,
  type BatchRefBody,
  type BusinessScoped,
  type CardActivateBody,
  type CardControlsBody,
  type CardholderIdentifierBody,
  type CardholderListBody,
  type CardholderLockBody,
  type CardListBody,
  type CardLockBody,
  type CardMovementsBody,
  type CardRefBody,
  type CardRevealBody,
  type GenerateCardsBody,
  type IssueVirtualCardBody,
  type SecurityCodeBody,
  type StockSettingsBody,
  Authorization,
  Card,
  CardRevealView,
  CardPage,
  CardStatusCount,
  Cardholder,
  BusinessMovement,
  CARDHOLDER_LIMIT_CARD_TYPE,
  CardholderBalance,
  CardholderLimits,
  CardholderSpeiOut,
  CardMovement,
  CodeDelivery,
  CreationBatch,
  CreationBatchPage,
  type CardFileKind,
  FundingPreview,
  MatchResult,
  StockSettings,
  TransactionLimit,
  UploadResult,
  CARD_FILES,
  pageOf,
} from '@far/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../lib/api-client';
import { IDEMPOTENCY_HEADER, saveBlob } from '../../lib/money';
import { multipart } from '../../lib/multipart';
import { queryKeys } from '../../lib/query-keys';
import { api } from '../../lib/api';

export const cardKeys = { all: ['cards'] as const };
const key = (...parts: unknown[]) => [...cardKeys.all, ...parts];

function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: cardKeys.all });
    void qc.invalidateQueries({ queryKey: queryKeys.dashboard });
  };
}

/** The bodies the server validates (contracts); multipart text fields travel as text. */
type Body<S extends z.ZodType> = z.input<S>;
type Fields<S extends z.ZodType> = { [K in keyof Body<S>]?: string };
/** Card funding's form fields (read by hand on the server): the preview flag and the operation's code. */
type FundingFields = Fields<typeof BusinessScoped> & { Preview?: 'true'; SecurityCode?: Body<typeof CardRevealBody>['SecurityCode'] };

// ---- stock ----
export const useStockSettings = () =>
  useQuery({ queryKey: key('stock'), queryFn: () => unwrap(api.POST('/api/v1/cards/stock/settings', { schema: StockSettings })) });
export const useStatusCounts = (businessId?: string) =>
  useQuery({
    queryKey: key('counts', businessId),
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/cards/action/get-amount-cards-by-status', {
          body: { BusinessId: businessId } satisfies Body<typeof BusinessScoped>,
          schema: z.array(CardStatusCount),
        }),
      ),
  });
export const useBatches = (token: string | undefined) =>
  useQuery({
    queryKey: key('batches', token),
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/cards/cardbatchcreations/query/list', {
          body: { Size: 10, PaginationToken: token } satisfies Body<typeof BatchListBody>,
          schema: CreationBatchPage,
        }),
      ),
    placeholderData: keepPreviousData,
    // A batch in progress is followed live.
    refetchInterval: (q) => (q.state.data?.Records.some((b) => b.Status === 'INPROGRESS') ? 1500 : false),
  });
export function useSetThreshold() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (n: number) =>
      unwrap(api.PUT('/api/v1/cards/stock/settings', { body: { LowStockThreshold: n } satisfies Body<typeof StockSettingsBody>, schema: StockSettings })),
    onSuccess: done,
  });
}
export function useGenerate() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (n: number) => unwrap(api.POST('/api/v1/cards/action/generate', { body: { Count: n } satisfies Body<typeof GenerateCardsBody> })),
    onSuccess: done,
  });
}
export function useUploadStock() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (file: File) => unwrap(api.POST('/api/v1/cards/action/upload-csv', { body: multipart(file), timeoutMs: 120_000 })),
    onSuccess: done,
  });
}
/** The failed rows of a creation batch, with their reasons, shown on screen. */
export const useBatchErrors = (ref: string | null) =>
  useQuery({
    queryKey: key('batch', ref),
    enabled: ref !== null,
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/cards/cardbatchcreations/query/getbyreferencebatch', {
          body: { ReferenceBatch: ref ?? '' } satisfies Body<typeof BatchRefBody>,
          schema: CreationBatch,
        }),
      ),
  });
/** Invalidates the stock figures (counters, low-stock alert) the moment a batch ends. */
export function useRefreshStock() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: key('counts') });
    void qc.invalidateQueries({ queryKey: key('stock') });
  };
}
/** The template of a card file, with Spanish headers (issue 26 §2). */
export const downloadCardTemplate = async (kind: CardFileKind, format: 'csv' | 'xlsx') =>
  saveBlob(
    await unwrap(
      kind === 'stock'
        ? api.GET('/api/v1/cards/template/stock', { params: { query: { format } }, responseType: 'blob' })
        : api.GET('/api/v1/cards/template/{kind}', { params: { path: { kind }, query: { format } }, responseType: 'blob' }),
    ),
    `${CARD_FILES[kind].fileName}.${format}`,
  );
export const downloadFailedRows = async (ref: string) =>
  saveBlob(
    await unwrap(api.GET('/api/v1/cards/cardbatchcreations/failed-rows', { params: { query: { ReferenceBatch: ref } }, responseType: 'blob' })),
    `filas-fallidas-${ref}.csv`,
  );

// ---- cardholders ----
type CardholdersQuery = Required<Pick<Body<typeof CardholderListBody>, 'Page' | 'Size'>> &
  Pick<Body<typeof CardholderListBody>, 'BusinessId'> & { Search: string };
export const useCardholders = (q: CardholdersQuery) =>
  useQuery({
    queryKey: key('holders', q),
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/cardholders/query/list', {
          body: { ...q, Search: q.Search.trim() || undefined } satisfies Body<typeof CardholderListBody>,
          schema: pageOf(Cardholder),
        }),
      ),
    placeholderData: keepPreviousData,
  });
export function useUploadCardholders(businessId?: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (file: File) =>
      unwrap(
        api.POST('/api/v1/cardholders/action/upload-csv', {
          body: multipart(file, { BusinessId: businessId } satisfies Fields<typeof BusinessScoped>),
          schema: UploadResult,
          timeoutMs: 120_000,
        }),
      ),
    onSuccess: done,
  });
}
export const useHolderBalance = (identifier: string | null, businessId?: string) =>
  useQuery({
    queryKey: key('holder-balance', identifier, businessId),
    enabled: !!identifier,
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/transaction/cardholderbalance/query/getbycardholder', {
          body: { CardholderIdentifier: identifier ?? '', BusinessId: businessId } satisfies Body<typeof CardholderIdentifierBody>,
          schema: CardholderBalance,
        }),
      ),
  });
export function useHolderAction() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ action, identifier, lock, businessId }: { action: 'lock' | 'unlink'; identifier: string; lock?: boolean; businessId?: string }) => {
      const body: Body<typeof CardholderIdentifierBody> | Body<typeof CardholderLockBody> = {
        CardholderIdentifier: identifier,
        BusinessId: businessId,
        ...(action === 'lock' ? { Lock: lock } : {}),
      };
      return unwrap(
        action === 'lock'
          ? api.POST('/api/v1/cardholders/action/lock', { body, schema: Cardholder })
          : api.POST('/api/v1/cardholders/action/mobile/unlink', { body, schema: Cardholder }),
      );
    },
    onSuccess: done,
  });
}

// ---- cards ----
export type CardFilters = Pick<Body<typeof CardListBody>, 'BusinessId' | 'Last4' | 'CardholderIdentifier'> & { Status?: number };
export const useCards = (f: CardFilters, token: string | undefined) =>
  useQuery({
    queryKey: key('list', f, token),
    queryFn: () =>
      unwrap(api.POST('/api/v1/cards/query/list', { body: { ...f, Size: 10, PaginationToken: token } satisfies Body<typeof CardListBody>, schema: CardPage })),
    placeholderData: keepPreviousData,
  });
export const useCard = (identifier: string, businessId?: string) =>
  useQuery({
    queryKey: key('card', identifier, businessId),
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/cards/query/getbyidentifier', {
          body: { CardIdentifier: identifier, BusinessId: businessId } satisfies Body<typeof CardRefBody>,
          schema: Card,
        }),
      ),
  });
export const useActivationItems = (businessId?: string) =>
  useQuery({
    queryKey: key('activations', businessId),
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/cards/cardbatchactivations/query/list', {
          body: { BusinessId: businessId, Size: 10 } satisfies Body<typeof ActivationListBody>,
          schema: ActivationItemPage,
        }),
      ),
  });
export function useMatch(businessId?: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (file: File) =>
      unwrap(
        api.POST('/api/v1/cards/matchcards', {
          body: multipart(file, { BusinessId: businessId } satisfies Fields<typeof BusinessScoped>),
          schema: MatchResult,
          timeoutMs: 120_000,
        }),
      ),
    onSuccess: done,
  });
}
export function useActivate(businessId?: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (identifier?: string) =>
      unwrap(api.POST('/api/v1/cards/activate', { body: { BusinessId: businessId, CardIdentifier: identifier } satisfies Body<typeof CardActivateBody> })),
    onSuccess: done,
  });
}
export function useLockCard(businessId?: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ identifier, lock }: { identifier: string; lock: boolean }) =>
      unwrap(
        api.POST('/api/v1/cards/lock', {
          body: { BusinessId: businessId, CardIdentifier: identifier, Lock: lock } satisfies Body<typeof CardLockBody>,
          schema: Card,
        }),
      ),
    onSuccess: done,
  });
}
export function useIssueVirtual(businessId?: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (body: Omit<Body<typeof IssueVirtualCardBody>, 'BusinessId'>) =>
      unwrap(
        api.POST('/api/v1/cards/action/issue-virtual', { body: { ...body, BusinessId: businessId } satisfies Body<typeof IssueVirtualCardBody>, schema: Card }),
      ),
    onSuccess: done,
  });
}
export function useSetControls(businessId?: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ identifier, controls }: { identifier: string; controls: Body<typeof CardControlsBody>['Controls'] }) =>
      unwrap(
        api.POST('/api/v1/cards/action/controls', {
          body: { BusinessId: businessId, CardIdentifier: identifier, Controls: controls } satisfies Body<typeof CardControlsBody>,
          schema: Card,
        }),
      ),
    onSuccess: done,
  });
}
type CardMovementsFilter = Pick<Body<typeof CardMovementsBody>, 'BusinessId' | 'CardIdentifier'>;
export const useCardMovements = (f: CardMovementsFilter & { Page: number }) =>
  useQuery({
    queryKey: key('movements', f),
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/transaction/cardholdermovements/getall', {
          body: { ...f, Size: 10 } satisfies Body<typeof CardMovementsBody>,
          schema: pageOf(CardMovement),
        }),
      ),
    placeholderData: keepPreviousData,
  });
export const exportCardMovements = async (f: CardMovementsFilter, format: NonNullable<Body<typeof CardMovementsBody>['Format']>) =>
  saveBlob(
    await unwrap(
      api.POST('/api/v1/transaction/cardholdermovements/getall', {
        body: { ...f, Format: format } satisfies Body<typeof CardMovementsBody>,
        responseType: 'blob',
        timeoutMs: 120_000,
      }),
    ),
    `movimientos-tarjeta.${format}`,
  );

export function useAuthorize(businessId?: string) {
  const done = useInvalidate();
  return useMutation({
    // Channel comes from a select as text; the server refuses any but the contract's channels.
    mutationFn: async ({
      body,
      idempotencyKey,
      capture,
    }: {
      body: Omit<Body<typeof AuthorizeBody>, 'BusinessId' | 'Channel'> & { Channel: string };
      idempotencyKey: string;
      capture: boolean;
    }) => {
      const auth = await unwrap(
        api.POST('/api/v1/cards/sandbox/authorize', {
          body: { ...body, Channel: body.Channel as Body<typeof AuthorizeBody>['Channel'], BusinessId: businessId } satisfies Body<typeof AuthorizeBody>,
          schema: Authorization,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
      );
      if (!capture || !auth.Approved) return auth;
      return unwrap(
        api.POST('/api/v1/cards/sandbox/capture', {
          body: { AuthorizationId: auth.AuthorizationId, BusinessId: businessId } satisfies Body<typeof AuthorizationRefBody>,
          schema: Authorization,
          headers: { [IDEMPOTENCY_HEADER]: `${idempotencyKey}:capture` },
        }),
      );
    },
    onSuccess: done,
  });
}

export const requestCode = (operation: Extract<Body<typeof SecurityCodeBody>['Operation'], 'card-reveal' | 'card-funding' | 'spei-out'>) =>
  unwrap(api.POST('/api/v1/security/code', { body: { Operation: operation } satisfies Body<typeof SecurityCodeBody>, schema: CodeDelivery }));
/** A single-use address of the isolated view that shows the card's data (issue 28 §4): the app itself never receives them. */
export const revealToken = (identifier: string, code: string, businessId?: string) =>
  unwrap(
    api.POST('/api/v1/cards/action/reveal-token', {
      body: { CardIdentifier: identifier, SecurityCode: code, Reason: 'Consulta desde el detalle de la tarjeta', BusinessId: businessId } satisfies Body<
        typeof CardRevealBody
      >,
      schema: CardRevealView,
    }),
  );

// ---- funding ----
export const previewFunding = (file: File, businessId?: string) =>
  unwrap(
    api.POST('/api/v1/transaction/cardholdermovements/load-funds-csv', {
      body: multipart(file, { Preview: 'true', BusinessId: businessId } satisfies FundingFields),
      schema: FundingPreview,
      timeoutMs: 120_000,
    }),
  );
export function useExecuteFunding(businessId?: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ file, code, idempotencyKey }: { file: File; code: string; idempotencyKey: string }) =>
      unwrap(
        api.POST('/api/v1/transaction/cardholdermovements/load-funds-csv', {
          body: multipart(file, { SecurityCode: code, BusinessId: businessId } satisfies FundingFields),
          schema: FundingPreview,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          timeoutMs: 120_000,
        }),
      ),
    onSuccess: done,
  });
}

// ---- a cardholder's limits, SPEI-out switch and SPEI out ----
export const useHolderLimits = (identifier: string | null, businessId?: string) =>
  useQuery({
    queryKey: key('holder-limits', identifier, businessId),
    enabled: !!identifier,
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/transaction/limit/query/getbycardholder', {
          body: { CardholderIdentifier: identifier, CardType: CARDHOLDER_LIMIT_CARD_TYPE },
          schema: CardholderLimits,
        }),
      ),
  });
export function useSaveHolderLimit() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (body: {
      CardholderIdentifier: string;
      LimitPerTransaction: string | null;
      DailyLimit: string | null;
      MonthlyLimit: string | null;
      IsEnabled: boolean;
    }) =>
      unwrap(
        api.POST('/api/v1/transaction/limit/action/upsert', {
          body: { ScopeType: 1, CardType: CARDHOLDER_LIMIT_CARD_TYPE, ...body },
          schema: TransactionLimit,
        }),
      ),
    onSuccess: done,
  });
}
export function useSwitchHolderSpei() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (body: { CardholderIdentifier: string; EnableSpeiOut: boolean }) =>
      unwrap(api.POST('/api/v1/transaction/speiconfig/cardholder/enable-speiout', { body, schema: CardholderSpeiOut })),
    onSuccess: done,
  });
}
export interface CardSpeiOutInput {
  CardIdentifier: string;
  Clabe: string;
  BeneficiaryName: string;
  Amount: string;
  Concept: string;
  Reference: string;
  ConfirmHolder?: boolean;
  SecurityCode: string;
}
export function useCardSpeiOut() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CardSpeiOutInput; idempotencyKey: string }) =>
      unwrap(
        api.POST('/api/v1/transaction/cardholdermovements/action/spei-out', {
          body,
          schema: BusinessMovement,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
      ),
    onSuccess: done,
  });
}
