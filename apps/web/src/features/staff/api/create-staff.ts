import { AdminUserDetail } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { staffQueryKey } from './list-staff';

/** The admin user's fields, as create and update send them (blanks as null). */
export interface StaffInput {
  Name: string;
  LastName: string;
  SecondLastName: string | null;
  DateOfBirth: string | null;
  Curp: string | null;
  Phone: string | null;
  PhoneCode: string;
  Mobile: string | null;
  MobileCode: string;
  DepartmentId: string;
  Position: string;
  EmployeeNumber: string | null;
  DateOfJoining: string | null;
  RoleId: string;
  Email: string;
  AltEmail: string | null;
  TermsAccepted: boolean;
  IsActive: boolean;
}

/** POST /api/v1/profiles/users/action/create { ClientKind: 'techfar', ... }: e-mails a temporary password. */
export const createStaff = (body: StaffInput) =>
  apiRequest('POST', '/api/v1/profiles/users/action/create', { body: { ClientKind: 'techfar', ...body }, schema: AdminUserDetail });

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffInput) => unwrap(createStaff(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
