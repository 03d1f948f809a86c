import { PERCENT_MESSAGE, PercentField, validateClabe } from '@far/contracts';
import { z } from 'zod';
import { commissionInput } from '../../lib/money';
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
