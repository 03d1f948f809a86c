import {
  CmsFile,
  ContentBulkResult,
  ContentItem,
  ContentTypeItem,
  ContentVersion,
  pageOf,
  type CmsBulkAction,
  type CmsSection,
  type CmsStatus,
  type ContentBody,
  type ContentBulkBody,
  type ContentListQuery,
  type ContentReorderBody,
  type ContentTypeBody,
  type ContentUpdateBody,
} from '@far/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** Every CMS screen reads under this key; any change refreshes them all. */
export const cmsKey = ['cms'] as const;

export interface ContentFilters {
  Section?: CmsSection;
  ContentTypeId?: string;
  Status?: CmsStatus;
  Search?: string;
}

export const listTypes = () => api.GET('/api/cms/content-type/getall', { schema: z.array(ContentTypeItem) });
/** The screen's filters as the query string the server validates (`satisfies`: the contract checks the names, the values stay query-string values). */
const toQuery = (filters: ContentFilters) =>
  ({ Section: filters.Section, ContentTypeId: filters.ContentTypeId, Status: filters.Status, Search: filters.Search, Size: 200 }) satisfies z.input<
    typeof ContentListQuery
  >;

export const listContents = (filters: ContentFilters) =>
  api.GET('/api/cms/content/getall', { params: { query: toQuery(filters) }, schema: pageOf(ContentItem) });
export const getContent = (id: string) => api.GET('/api/cms/content/{uid}', { params: { path: { uid: id } }, schema: ContentItem });
export const listVersions = (id: string) => api.GET('/api/cms/content/{uid}/versions', { params: { path: { uid: id } }, schema: z.array(ContentVersion) });

export function useContentTypes() {
  return useQuery({ queryKey: [...cmsKey, 'types'], queryFn: () => unwrap(listTypes()) });
}

export function useContents(filters: ContentFilters) {
  return useQuery({ queryKey: [...cmsKey, 'contents', filters], queryFn: () => unwrap(listContents(filters)), placeholderData: keepPreviousData });
}

export function useContent(id: string | undefined) {
  return useQuery({ queryKey: [...cmsKey, 'content', id], queryFn: () => unwrap(getContent(id!)), enabled: !!id });
}

export function useVersions(id: string | undefined, enabled: boolean) {
  return useQuery({ queryKey: [...cmsKey, 'versions', id], queryFn: () => unwrap(listVersions(id!)), enabled: !!id && enabled });
}

/** A mutation that refreshes every CMS query when it succeeds. */
function useCmsMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: cmsKey }) });
}

export const useSaveType = () =>
  useCmsMutation(({ id, body }: { id?: string; body: ContentTypeBody }) =>
    unwrap(
      id
        ? api.PUT('/api/cms/content-type/{uid}', { params: { path: { uid: id } }, body, schema: ContentTypeItem })
        : api.POST('/api/cms/content-type', { body, schema: ContentTypeItem }),
    ),
  );
export const useDeleteType = () => useCmsMutation((id: string) => unwrap(api.DELETE('/api/cms/content-type/{uid}', { params: { path: { uid: id } } })));

export const useCreateContent = () => useCmsMutation((body: ContentBody) => unwrap(api.POST('/api/cms/content', { body, schema: ContentItem })));
export const useUpdateContent = () =>
  useCmsMutation(({ id, body }: { id: string; body: ContentUpdateBody }) =>
    unwrap(api.PUT('/api/cms/content/{uid}', { params: { path: { uid: id } }, body, schema: ContentItem })),
  );
export const useDeleteContent = () => useCmsMutation((id: string) => unwrap(api.POST('/api/cms/content/{uid}', { params: { path: { uid: id } } })));
export const useBulkAction = () =>
  useCmsMutation(({ action, ids }: { action: CmsBulkAction; ids: string[] }) => {
    const body: z.input<typeof ContentBulkBody> = { Action: action, Ids: ids };
    return unwrap(api.POST('/api/cms/content/bulk-action', { body, schema: ContentBulkResult }));
  });
export const useReorder = () =>
  useCmsMutation((ids: string[]) => {
    const body: z.input<typeof ContentReorderBody> = { Ids: ids };
    return unwrap(api.POST('/api/cms/content/reorder', { body }));
  });
export const useRestoreVersion = () =>
  useCmsMutation(({ id, version }: { id: string; version: number }) =>
    unwrap(api.POST('/api/cms/content/{uid}/versions/{version}/restore', { params: { path: { uid: id, version } }, schema: ContentItem })),
  );

/** POST /api/cms/files (multipart `file`): the stored image's URL for the content's value. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const stored = await unwrap(api.POST('/api/cms/files', { body, schema: CmsFile }));
  return stored.Url;
}
