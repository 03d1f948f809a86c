import { Text, type TextProps } from '@mantine/core';
import { date, dateTime, money } from '../lib/format';

type Props = Omit<TextProps, 'children'>;

/** Integer cents shown as es-MX money ('$1,234.56'). */
export function MoneyText({ cents, ...props }: Props & { cents: bigint | number | string | null | undefined }) {
  return (
    <Text span className="tabular" {...props}>
      {money(cents)}
    </Text>
  );
}

/** A date (or date and time) in es-MX, Mexico City time. */
export function DateText({ value, withTime = false, ...props }: Props & { value: string | Date | null | undefined; withTime?: boolean }) {
  const text = withTime ? dateTime(value) : date(value);
  return (
    <Text span {...props}>
      {value ? <time dateTime={value instanceof Date ? value.toISOString() : value}>{text}</time> : text}
    </Text>
  );
}
