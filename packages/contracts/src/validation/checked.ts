/**
 * Turns a plain check function (CLABE, RFC, CURP, amounts…) into a zod schema whose issues carry
 * `params.key` like the engine's, so forms read every rule the same way.
 */
import { z } from 'zod';

export type Checked<T> = { value: T } | { key: string; message: string };

export function checkedSchema<I, T>(base: z.ZodType<I>, check: (input: I) => Checked<T>): z.ZodType<T, unknown> {
  return base.transform((input, ctx): T => {
    const result = check(input);
    if ('value' in result) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message, params: { key: result.key } });
    return z.NEVER;
  });
}
