import { Select, TextInput, type SelectProps, type TextInputProps } from '@mantine/core';
import { Controller, get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { REQUIRED_MARK } from './required-mark';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any resolver output: the wrapper only reads values and errors
export type AnyForm<F extends FieldValues> = UseFormReturn<F, any, any>;

interface FieldBase<F extends FieldValues> {
  form: AnyForm<F>;
  name: Path<F>;
  /** Draws the required mark and says so to assistive technology (not when read only). */
  required?: boolean;
  readOnly?: boolean;
}

/** The message of a control, from the form's errors (client or server). */
export function fieldError<F extends FieldValues>(form: AnyForm<F>, name: Path<F>): string | undefined {
  const error = get(form.formState.errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' ? error.message : undefined;
}

const markOf = (required?: boolean, readOnly?: boolean) => (required && !readOnly ? REQUIRED_MARK : {});

/** A text control bound to a react-hook-form field: label, required mark, error and read-only in one line. */
export function TextField<F extends FieldValues>({ form, name, required, readOnly, ...props }: FieldBase<F> & Omit<TextInputProps, 'name' | 'form' | 'error'>) {
  const error = fieldError(form, name);
  return (
    <TextInput {...props} {...markOf(required, readOnly)} readOnly={readOnly} error={error} aria-invalid={error ? true : undefined} {...form.register(name)} />
  );
}

/** A select bound to a react-hook-form field (the value is the option's value, or null). */
export function SelectField<F extends FieldValues>({
  form,
  name,
  required,
  readOnly,
  ...props
}: FieldBase<F> & Omit<SelectProps, 'name' | 'form' | 'error' | 'value' | 'onChange'>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          {...markOf(required, readOnly)}
          readOnly={readOnly}
          ref={field.ref}
          value={(field.value as string | null | undefined) ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          aria-invalid={fieldState.error ? true : undefined}
        />
      )}
    />
  );
}
