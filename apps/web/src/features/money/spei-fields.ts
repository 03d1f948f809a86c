import { PERCENT_MESSAGE, PercentField, validateClabe } from '@far/contracts';
import { z } from 'zod';
import { commissionInput, optionalAmountInput } from '../../lib/money';
import { REQUIRED } from '../../lib/validation';

/** A percentage control ('0.5' = 0.5 %): 0 to 100 with at most two decimals; sent as the text typed. */
export const percentInput = z
  .string({ message: REQUIRED })
  .transform((v) => v.trim().replace(/\s*%$/, ''))
  .superRefine((v, ctx) => {
    if (v === '') ctx.addIssue({ code: 'custom', message: REQUIRED });
    else if (!PercentField.safeParse(v).success) ctx.addIssue({ code: 'custom', message: PERCENT_MESSAGE });
  });

export { commissionInput };

/** The three amounts of a transaction limit (blank = no limit of that kind), checked against each other like the server does. */
export const limitSchema = z
  .object({
    LimitPerTransaction: z.string(),
    DailyLimit: z.string(),
    MonthlyLimit: z.string(),
    IsEnabled: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const read = (name: 'LimitPerTransaction' | 'DailyLimit' | 'MonthlyLimit'): bigint | null => {
      const r = optionalAmountInput.safeParse(v[name]);
      if (!r.success) {
        ctx.addIssue({ code: 'custom', path: [name], message: r.error.issues[0]?.message ?? REQUIRED });
        return null;
      }
      return r.data;
    };
    const per = read('LimitPerTransaction');
    const day = read('DailyLimit');
    const month = read('MonthlyLimit');
    if (per !== null && day !== null && day < per) ctx.addIssue({ code: 'custom', path: ['DailyLimit'], message: 'El límite diario no puede ser menor que el límite por operación' });
    if (day !== null && month !== null && month < day) ctx.addIssue({ code: 'custom', path: ['MonthlyLimit'], message: 'El límite mensual no puede ser menor que el límite diario' });
    else if (per !== null && month !== null && month < per) ctx.addIssue({ code: 'custom', path: ['MonthlyLimit'], message: 'El límite mensual no puede ser menor que el límite por operación' });
  });
export type LimitValues = z.infer<typeof limitSchema>;

/** A CLABE control: required, then 18 digits, check digit and a known bank (the contracts' Spanish messages). Spaces are ignored. */
export const clabeInput = z.string({ message: REQUIRED }).transform((value, ctx): string => {
  const digits = value.replace(/\s+/g, '');
  if (digits === '') {
    ctx.addIssue({ code: 'custom', message: REQUIRED });
    return z.NEVER;
  }
  const result = validateClabe(digits);
  if (result.ok) return result.clabe;
  ctx.addIssue({ code: 'custom', message: result.message });
  return z.NEVER;
});
