import { BusinessDocument } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { businessesQueryKey } from './list-businesses';
import { api } from '../../../lib/api';

/** GET /api/v1/document?v_uid_business= → the business's PDF documents with their review status. */
export type BusinessDocumentData = z.infer<typeof BusinessDocument>;

export const documentsQueryKey = (businessId: string) => [...businessesQueryKey, 'documents', businessId] as const;

export const listDocuments = (businessId: string) =>
  api.GET('/api/v1/document', { params: { query: { v_uid_business: businessId } }, schema: z.array(BusinessDocument) });

export const documentsQueryOptions = (businessId: string) =>
  queryOptions({ queryKey: documentsQueryKey(businessId), queryFn: () => unwrap(listDocuments(businessId)) });

export function useDocuments(businessId: string) {
  return useQuery(documentsQueryOptions(businessId));
}
