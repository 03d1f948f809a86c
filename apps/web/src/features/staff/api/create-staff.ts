import { AdminUserDetail, type AdminUserCreateBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { staffQueryKey } from './list-staff';
import { api } from '../../../lib/api';

/** The admin user's fields, as create and update send them (blanks as null). */
export type StaffInput = Omit<z.input<typeof AdminUserCreateBody>, 'ClientKind'>;

/** POST /api/v1/profiles/users/action/create { ClientKind: 'techfar', ... }: e-mails a temporary password. */
export const createStaff = (body: StaffInput) =>
  api.POST('/api/v1/profiles/users/action/create', { body: { ClientKind: 'techfar', ...body }, schema: AdminUserDetail });

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffInput) => unwrap(createStaff(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
