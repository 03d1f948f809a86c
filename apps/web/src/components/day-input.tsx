import { DateInput, type DateInputProps } from '@mantine/dates';
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
