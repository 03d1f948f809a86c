import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { staffQueryKey } from './list-staff';

/** GET the admin user's ProfilePhotoUrl (/api/v1/profiles/users/photo/{id}) with the bearer token, as a blob. */
export const getStaffPhoto = (url: string) => apiRequest<Blob>('GET', url, { responseType: 'blob' });

// Under the staff key: a new upload invalidates it with the rest of the screen.
export const staffPhotoQueryOptions = (url: string) =>
  queryOptions({ queryKey: [...staffQueryKey, 'photo', url], queryFn: () => unwrap(getStaffPhoto(url)), staleTime: 60_000 });

/** An object URL for the photo (released when it changes), or null without one. */
export function useStaffPhotoUrl(url: string | null): string | null {
  const photo = useQuery({ ...staffPhotoQueryOptions(url ?? ''), enabled: !!url });
  const blob = url ? photo.data : undefined;
  const objectUrl = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  return objectUrl;
}
