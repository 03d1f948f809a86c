import { EmailField, passwordSchema } from '@far/contracts';
import { z } from 'zod';
import { PASSWORDS_DIFFER, REQUIRED } from './messages';

/** Field rules shared by the forms, built on the contracts so client and server agree word for word. */
export { PASSWORDS_DIFFER, REQUIRED } from './messages';

export const emailField = EmailField;
/** Required first, then the contracts password policy. */
export const passwordField = z.string({ message: REQUIRED }).min(1, REQUIRED).pipe(passwordSchema);

export const requiredText = (max = 100) => z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(max, `Debe contener máximo ${max} caracteres`);

export const sixDigitCode = z
  .string({ message: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .regex(/^\d{6}$/, 'El código debe tener 6 dígitos');

/** A new password typed twice. */
export const newPasswordPair = z
  .object({ Password: passwordField, Confirm: z.string({ message: REQUIRED }).min(1, REQUIRED) })
  .refine((v) => v.Password === v.Confirm, { message: PASSWORDS_DIFFER, path: ['Confirm'] });
