import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** GET /api/v1/account/me/photo with the bearer token; the image is shown from an object URL. */
export const photoQueryKey = ['me-photo'] as const;

export const getPhoto = () => apiRequest<Blob>('GET', '/api/v1/account/me/photo', { responseType: 'blob' });

export const photoQueryOptions = () => queryOptions({ queryKey: photoQueryKey, queryFn: () => unwrap(getPhoto()), staleTime: 5 * 60_000 });

/** The photo as an object URL (revoked when it changes or the screen closes); null without a photo. */
export function usePhotoUrl(hasPhoto: boolean): { url: string | null; isLoading: boolean } {
  const photo = useQuery({ ...photoQueryOptions(), enabled: hasPhoto });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!hasPhoto || !photo.data) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(photo.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [hasPhoto, photo.data]);
  return { url, isLoading: hasPhoto && photo.isPending };
}
