import { DateInput, DatePickerInput, type DateInputProps, type DatesRangeValue } from '@mantine/dates';
import { parseDayInput } from '../lib/dates';

/**
 * A calendar day typed as dd/mm/aaaa or picked from the calendar; its value is 'YYYY-MM-DD' (what
 * the API takes). The invalid state is exposed to assistive technology as well.
 */
export function DayInput({ error, ...props }: Omit<DateInputProps, 'valueFormat' | 'dateParser'> & { ref?: React.Ref<HTMLInputElement> }) {
  return (
    <DateInput valueFormat="DD/MM/YYYY" placeholder="dd/mm/aaaa" dateParser={parseDayInput} error={error} aria-invalid={error ? true : undefined} {...props} />
  );
}

/** A list's «Periodo» filter: from and to as dd/mm/aaaa (one day allowed), never past today; values 'YYYY-MM-DD'. */
export function PeriodInput({ value, onChange }: { value: DatesRangeValue<string>; onChange: (range: [string | null, string | null]) => void }) {
  return (
    <DatePickerInput
      type="range"
      label="Periodo"
      placeholder="Desde – hasta"
      valueFormat="DD/MM/YYYY"
      allowSingleDateInRange
      clearable
      maxDate={new Date()}
      value={value}
      onChange={(range) => onChange(range as [string | null, string | null])}
    />
  );
}
