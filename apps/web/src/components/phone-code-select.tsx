import { DEFAULT_PHONE_CODE, PHONE_CODES } from '@far/contracts';
import { Select, type SelectProps } from '@mantine/core';

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
