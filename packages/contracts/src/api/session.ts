import { z } from 'zod';
import { CLIENT_KINDS } from '../catalogs/rbac';
import { LegalVersion } from './cms';
import { EmailField, Uuid } from './common';

const Required = (max = 100) =>
  z.string({ message: 'Este campo es requerido' }).trim().min(1, 'Este campo es requerido').max(max, `Debe contener máximo ${max} caracteres`);
const SixDigits = z.string({ message: 'Este campo es requerido' }).regex(/^\d{6}$/, 'El código debe tener 6 dígitos');
export const PinField = z.string({ message: 'Este campo es requerido' }).regex(/^\d{4}$/, 'El NIP debe tener 4 dígitos');
/** Password policy lives here so server and client say the same thing. */
export const NewPassword = z
  .string({ message: 'Este campo es requerido' })
  .min(8, 'La contraseña debe tener al menos 8 caracteres, con letras y números')
  .max(128, 'Debe contener máximo 128 caracteres')
  .regex(/[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]/, 'La contraseña debe tener al menos 8 caracteres, con letras y números')
  .regex(/\d/, 'La contraseña debe tener al menos 8 caracteres, con letras y números');

export const SigninBody = z.object({
  Email: EmailField,
  Password: z.string({ message: 'Este campo es requerido' }).min(1, 'Este campo es requerido').max(128),
});
export const LoginResult = z.object({
  AllowAccess: z.boolean(),
  AvailableAtempts: z.number().int(),
  DenialReason: z.string().nullable(),
  RoleId: z.string().nullable(),
  ExpiresIn: z.number().int(),
  AccessToken: z.string().nullable(),
  IdToken: z.string().nullable(),
  RefreshToken: z.string().nullable(),
  MustChangePassword: z.boolean(),
});
export type LoginResult = z.infer<typeof LoginResult>;
export const RefreshBody = z.object({ RefreshToken: z.string().min(10).max(200) });
export const LogOutBody = z.object({ RefreshToken: z.string().max(200).optional() }).optional();

export const EmailBody = z.object({ Email: EmailField });
export const CodeDelivery = z.object({
  CodeDeliveryDetails: z.object({ AttributeName: z.string(), DeliveryMedium: z.enum(['EMAIL', 'SMS']), Destination: z.string() }),
  ExpiresIn: z.number().int(),
});
export const ConfirmResetBody = z.object({ Email: EmailField, Code: SixDigits, Password: NewPassword });
export const ChangePasswordBody = z.object({ CurrentPassword: z.string().min(1, 'Este campo es requerido').max(128), NewPassword });

export const MexicanCellPhone = z.string({ message: 'Este campo es requerido' }).regex(/^\d{10}$/, 'El teléfono debe tener 10 dígitos');
export const PhoneCode = z
  .string()
  .max(8, 'Clave de país no válida')
  .regex(/^\+\d{1,4}$/, 'Clave de país no válida')
  .default('+52');
export const SignupStartBody = z.object({
  Email: EmailField,
  Names: Required(60),
  LastName1: Required(60),
  LastName2: z.string().trim().max(60, 'Debe contener máximo 60 caracteres').optional(),
  CellPhone: MexicanCellPhone,
  PhoneCode,
  /** The wallet's published legal texts the person ticked, each at the version they read. */
  Legal: z.array(LegalVersion, { message: 'Este campo es requerido' }).max(20),
});
export const SignupValidateBody = z.object({ Email: EmailField, Token: SixDigits });
export const SignupPasswordBody = z.object({ Email: EmailField, Code: SixDigits, Password: NewPassword });
/** Setting the PIN; changing one confirms with the six-digit code of the 'pin' operation. */
export const PinBody = z.object({
  Pin: PinField,
  Code: z
    .string()
    .regex(/^\d{6}$/, 'El código debe tener 6 dígitos')
    .optional(),
});
export const StatusByEmail = z.object({ Email: z.string(), Status: z.string() });

export const Me = z.object({
  v_uid: Uuid,
  v_client: z.string(),
  kind: z.enum(CLIENT_KINDS),
  role: z.object({ v_uid: z.string(), v_name: z.string() }),
  isSuper: z.boolean(),
  status: z.object({ v_uid: z.string(), v_name: z.string() }),
  v_names: z.string(),
  v_last_name_1: z.string().nullable(),
  v_last_name_2: z.string().nullable(),
  v_email: z.string(),
  v_email_alternative: z.string().nullable(),
  v_cell_phone: z.string().nullable(),
  v_phone_code: z.string(),
  v_phone: z.string().nullable(),
  d_birthdate_at: z.string().nullable(),
  v_curp: z.string().nullable(),
  v_rfc: z.string().nullable(),
  v_ocuppation: z.string().nullable(),
  hasPhoto: z.boolean(),
  hasPin: z.boolean(),
  b_must_change_password: z.boolean(),
  d_create_at: z.string(),
  d_activation_at: z.string().nullable(),
});
export type Me = z.infer<typeof Me>;

const Optional = (max: number) => z.string().trim().max(max, `Debe contener máximo ${max} caracteres`).nullable().optional();
export const UpdateMeBody = z.object({
  v_names: Required(60),
  v_last_name_1: Optional(60),
  v_last_name_2: Optional(60),
  v_cell_phone: z.union([MexicanCellPhone, z.literal(''), z.null()]).optional(),
  v_phone_code: PhoneCode.optional(),
  v_phone: z.union([z.string().regex(/^\d{10}$/, 'El teléfono debe tener 10 dígitos'), z.literal(''), z.null()]).optional(),
  v_email_alternative: z.union([EmailField, z.literal(''), z.null()]).optional(),
  v_ocuppation: Optional(80),
  d_birthdate_at: z.union([z.iso.date({ message: 'Fecha no válida' }), z.literal(''), z.null()]).optional(),
});

export const SECURITY_OPERATIONS = ['spei-out', 'dispersion', 'card-reveal', 'pin', 'profile', 'card-funding', 'wallet-transfer', 'api-key'] as const;
export const SecurityCodeBody = z.object({ Operation: z.enum(SECURITY_OPERATIONS, { message: 'Operación no válida' }) });
export const SecurityVerifyBody = SecurityCodeBody.extend({ Code: SixDigits });
export const SecurityPinBody = SecurityCodeBody.extend({ Pin: PinField });
