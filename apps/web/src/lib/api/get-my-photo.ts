import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../api-client';
import { api } from '../api';

/** GET /api/v1/account/me/photo with the bearer token; the image is shown from an object URL. */
export const photoQueryKey = ['me-photo'] as const;

export const getPhoto = () => api.GET('/api/v1/account/me/photo', { responseType: 'blob' });

// One photo per signed-in person: the previous object URL is released when a new one is made.
let currentUrl: string | null = null;

async function fetchPhotoUrl(): Promise<string> {
  const blob = await unwrap(getPhoto());
  const next = URL.createObjectURL(blob);
  if (currentUrl) URL.revokeObjectURL(currentUrl);
  currentUrl = next;
  return next;
}

export const photoQueryOptions = () => queryOptions({ queryKey: photoQueryKey, queryFn: fetchPhotoUrl, staleTime: 5 * 60_000 });

/** The photo's object URL, or null without a photo. */
export function usePhotoUrl(hasPhoto: boolean): { url: string | null; isLoading: boolean } {
  const photo = useQuery({ ...photoQueryOptions(), enabled: hasPhoto });
  return { url: hasPhoto ? (photo.data ?? null) : null, isLoading: hasPhoto && photo.isPending };
}
