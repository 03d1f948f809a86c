import { TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { PasswordField } from '../../components/password-field';
import { REQUIRED_MARK } from '../../components/required-mark';
import { newPasswordPair, sixDigitCode } from '../../lib/validation';

/** A six-digit code and a new password typed twice: the last step of sign-up and of a reset. */
export const codePasswordSchema = z.object({ Code: sixDigitCode }).and(newPasswordPair);
export type CodePasswordInput = z.input<typeof codePasswordSchema>;
export type CodePasswordValues = z.output<typeof codePasswordSchema>;

export function CodePasswordFields({
  form,
  codeLabel,
  passwordLabel,
}: {
  form: UseFormReturn<CodePasswordInput, unknown, CodePasswordValues>;
  codeLabel: string;
  passwordLabel: string;
}) {
  const { errors } = form.formState;
  return (
    <>
      <TextInput
        label={codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...REQUIRED_MARK}
        error={errors.Code?.message}
        {...form.register('Code')}
      />
      <PasswordField
        label={passwordLabel}
        autoComplete="new-password"
        {...REQUIRED_MARK}
        description="Al menos 8 caracteres, con letras y números."
        error={errors.Password?.message}
        {...form.register('Password')}
      />
      <PasswordField
        label="Confirmar contraseña"
        autoComplete="new-password"
        {...REQUIRED_MARK}
        error={errors.Confirm?.message}
        {...form.register('Confirm')}
      />
    </>
  );
}
