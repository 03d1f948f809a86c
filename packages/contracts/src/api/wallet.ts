/** Wallet users as staff see them (/user/wallet) and a wallet user's address (v_-style). */
import { z } from 'zod';
import { PageQuery, UserSort, Uuid } from './common';
import { PostalCodeField, RequiredText, SelectedIds, StatusFilter, USER_ACTIONS, UserStatusRef, optional, USER_LIFECYCLE_DATES } from './fields';
import { UserListItem } from './profiles';

export const WalletUserListItem = UserListItem.extend({ ClientNumber: z.string(), Mobile: z.string().nullable() });

export const AddressRecord = z.object({
  v_uid: z.string(),
  v_uid_user: z.string(),
  v_street: z.string(),
  v_number_outside: z.string(),
  v_number_indoor: z.string().nullable(),
  v_zip_code: z.string(),
  /** Id of the colony (from GET /api/v1/postal-code/{code}); v_colony is its name. */
  v_uid_colony: z.string(),
  v_colony: z.string(),
  v_municipallity: z.string(),
  v_city: z.string().nullable(),
  v_state: z.string(),
  d_create_at: z.string(),
  d_update_at: z.string(),
});
const AddressFields = {
  v_street: RequiredText(120),
  v_number_outside: RequiredText(20),
  v_number_indoor: optional(RequiredText(20)),
  v_zip_code: PostalCodeField,
  v_uid_colony: Uuid,
};
/** v_uid_user: staff name the wallet user; a wallet user always means themselves. */
export const AddressCreateBody = z.object({ v_uid_user: Uuid.optional(), ...AddressFields });
export const AddressUpdateBody = z.object(AddressFields);

export const WalletUserDetail = z.object({
  Id: z.string(),
  ClientNumber: z.string(),
  Name: z.string(),
  LastName: z.string().nullable(),
  SecondLastName: z.string().nullable(),
  Email: z.string(),
  AltEmail: z.string().nullable(),
  Mobile: z.string().nullable(),
  MobileCode: z.string(),
  DateOfBirth: z.string().nullable(),
  Curp: z.string().nullable(),
  Rfc: z.string().nullable(),
  Occupation: z.string().nullable(),
  IsActive: z.boolean(),
  Status: UserStatusRef,
  ...USER_LIFECYCLE_DATES,
  Address: AddressRecord.nullable(),
});

export const WalletListBody = PageQuery.extend({ Status: StatusFilter.optional(), ...UserSort });
export const WalletIdBody = z.object({ Id: Uuid });
export const WalletBulkBody = z.object({ Action: z.enum(USER_ACTIONS, { message: 'Acción no válida' }), Ids: SelectedIds });
