import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput with the invalid state exposed to assistive technology (it only sets
 * data-invalid), so a screen reader, and a test, can tell which control failed.
 */
export function PasswordField({ error, ...props }: PasswordInputProps & { ref?: React.Ref<HTMLInputElement> }) {
  return <PasswordInput error={error} aria-invalid={error ? true : undefined} {...props} />;
}
