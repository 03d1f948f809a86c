import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { typedAmountToApi } from '../lib/money';
import type { AnyForm } from './form-field';
import { REQUIRED_MARK } from './required-mark';

/** The hint of an amount control whose field has no other description. */
export const MONEY_HINT = 'En pesos, con máximo dos decimales';

export type MoneyInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'leftSection' | 'inputMode' | 'type' | 'autoComplete'> & {
  value: string;
  onChange: (text: string) => void;
  ref?: React.Ref<HTMLInputElement>;
};

/**
 * Every amount a person types: a text control with «$» in front and the decimal keypad on phones.
 * The value stays the text as typed ('1,234.50'): reading it as cents is `readTypedAmount` /
 * `amountInput` (lib/money.ts, the contracts' parser), never a float here.
 */
export function MoneyInput({ value, onChange, placeholder = '0.00', error, ...props }: MoneyInputProps) {
  return (
    <TextInput
      leftSection="$"
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      error={error}
      aria-invalid={error ? true : undefined}
      {...props}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** A MoneyInput bound to a react-hook-form field (string value; errors from the client or the server). */
export function MoneyField<F extends FieldValues>({
  form,
  name,
  required,
  readOnly,
  ...props
}: { form: AnyForm<F>; name: Path<F>; required?: boolean; readOnly?: boolean } & Omit<MoneyInputProps, 'value' | 'onChange' | 'error' | 'name' | 'form'>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <MoneyInput
          {...props}
          {...(required && !readOnly ? REQUIRED_MARK : {})}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : props.variant}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * A MoneyInput outside a form library: its text, the props to spread on it and `read()`, which
 * gives the amount as the API's text ('1234.50'), undefined when left blank (only if `optional`),
 * or null when it cannot be read (the control then shows the contracts' Spanish message).
 */
export function useMoneyText({ optional = false }: { optional?: boolean } = {}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const read = (): string | undefined | null => {
    if (optional && value.trim() === '') return undefined;
    const r = typedAmountToApi(value);
    if ('amount' in r) return r.amount;
    setError(r.message);
    return null;
  };
  const onChange = (text: string) => {
    setValue(text);
    setError(undefined);
  };
  return { value, read, clear: () => onChange(''), input: { value, error, onChange } };
}
