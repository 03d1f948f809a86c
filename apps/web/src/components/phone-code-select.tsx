import { DEFAULT_PHONE_CODE, PHONE_CODES } from '@far/contracts';
import { Grid, Select, TextInput, type SelectProps } from '@mantine/core';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/** One option per dialling code; countries sharing one (+1) share the option. */
const OPTIONS = (() => {
  const byCode = new Map<string, string[]>();
  for (const entry of PHONE_CODES) byCode.set(entry.code, [...(byCode.get(entry.code) ?? []), entry.label]);
  return [...byCode.entries()].map(([code, labels]) => ({ value: code, label: `${labels.join(', ')} (${code})` }));
})();

export const DEFAULT_CODE = DEFAULT_PHONE_CODE.code;

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null | undefined;
  onChange: (code: string) => void;
};

/** Country dialling code; Mexico +52 by default (spec §9). */
export function PhoneCodeSelect({ value, onChange, ...props }: Props) {
  return (
    <Select
      label="Lada"
      searchable
      allowDeselect={false}
      nothingFoundMessage="Sin coincidencias"
      {...props}
      data={OPTIONS}
      value={value || DEFAULT_CODE}
      onChange={(v) => onChange(v ?? DEFAULT_CODE)}
    />
  );
}

interface PhoneFieldsProps<T extends FieldValues, C, O> {
  form: UseFormReturn<T, C, O>;
  /** The form field of the dialling code, e.g. MobileCode. */
  code: Path<T>;
  /** The form field of the number, e.g. Mobile. */
  number: Path<T>;
  /** What kind of phone: "celular", "teléfono fijo". */
  codeLabel: string;
  numberLabel: string;
}

/** A dialling-code select and its number, side by side in a Grid row (5 + 7 columns). */
export function PhoneFields<T extends FieldValues, C, O>({ form, code, number, codeLabel, numberLabel }: PhoneFieldsProps<T, C, O>) {
  const numberError = form.getFieldState(number, form.formState).error?.message;
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <Controller
          control={form.control}
          name={code}
          render={({ field, fieldState }) => (
            <PhoneCodeSelect label={codeLabel} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
          )}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7 }}>
        <TextInput label={numberLabel} inputMode="numeric" maxLength={15} error={numberError} {...form.register(number)} />
      </Grid.Col>
    </>
  );
}
