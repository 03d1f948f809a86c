import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from './api-client';

/**
 * Settings shared by every form: all errors are revealed when an invalid form is submitted (each
 * control is validated and shows its message), the first invalid control gets focus, and after a
 * control is left it re-validates as the person types.
 */
export const FORM_SETTINGS = {
  mode: 'onTouched',
  reValidateMode: 'onChange',
  shouldFocusError: true,
  criteriaMode: 'firstError',
} as const;

/**
 * Puts the server's field messages (`errors: [{ field, key, message }]`) on the matching controls.
 * Returns true when at least one landed on a control.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: ApiError,
  fields: readonly string[],
  rename: Record<string, string> = {},
): boolean {
  let applied = false;
  for (const fe of error.fieldErrors) {
    const name = rename[fe.field] ?? fe.field;
    if (fields.includes(name)) {
      setError(name as Path<T>, { type: 'server', message: fe.message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
