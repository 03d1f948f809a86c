import { BusinessMovementDetail } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { movementRefetchInterval } from '../../../lib/money';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** A movement with its ledger lines (once posted) and, for an order sent through STP, its CEP's state. */
export const MovementDetail = BusinessMovementDetail;
export type MovementDetail = z.infer<typeof MovementDetail>;

/** GET /api/v1/transaction/business-movement/{id}: one movement, asked again while it is on its way. */
export const getMovement = (id: string) => api.GET('/api/v1/transaction/business-movement/{id}', { params: { path: { id } }, schema: MovementDetail });

export const movementQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...moneyKeys.movement, id],
    queryFn: () => unwrap(getMovement(id)),
    staleTime: 0,
    refetchInterval: (query) => movementRefetchInterval(query.state.data),
  });

export function useMovement(id: string | null) {
  return useQuery({ ...movementQueryOptions(id ?? ''), enabled: id !== null });
}
