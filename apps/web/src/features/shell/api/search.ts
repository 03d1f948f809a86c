import { SEARCH_MIN_LENGTH, SearchAnswer } from '@far/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** GET /api/v1/search: the header's search, grouped by kind (only the kinds the caller may open). */
const search = (q: string, signal: AbortSignal) => api.GET('/api/v1/search', { params: { query: { q } }, schema: SearchAnswer, signal });

export function useSearch(q: string) {
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => unwrap(search(q, signal)),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    staleTime: 15_000,
    // The previous answer stays on screen while the next one comes (no flicker as one types).
    placeholderData: keepPreviousData,
  });
}
