import { PostalCodeInfo } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../api-client';
import { queryKeys } from '../query-keys';
import { api } from '../api';

/** GET /api/v1/postal-code/{code}: municipality, city, state and colonies; an unknown code is 404 'No encontrado'. */
export const getPostalCode = (code: string) => api.GET('/api/v1/postal-code/{code}', { params: { path: { code } }, schema: PostalCodeInfo });

export const isPostalCode = (code: string) => /^\d{5}$/.test(code);

export const postalCodeQueryOptions = (code: string) =>
  queryOptions({ queryKey: [...queryKeys.postalCode, code], queryFn: () => unwrap(getPostalCode(code)), staleTime: 60 * 60_000 });

/** Looks the code up once it has five digits. */
export function usePostalCode(code: string) {
  return useQuery({ ...postalCodeQueryOptions(code), enabled: isPostalCode(code) });
}
