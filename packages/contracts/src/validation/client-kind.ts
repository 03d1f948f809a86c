/**
 * The user calls of spec §5/§7 take a client kind in the path (techfar or business). Anything else
 * fails at once with 'Parametro no válido' and no request is sent.
 */
import { z } from 'zod';
import { ERROR_MESSAGES, FarError } from '../errors';

export const USER_CLIENT_KINDS = ['techfar', 'business'] as const;
export type UserClientKind = (typeof USER_CLIENT_KINDS)[number];

export const clientKindParam = z.enum(USER_CLIENT_KINDS, { error: ERROR_MESSAGES.INVALID_PARAM });

export function isUserClientKind(kind: unknown): kind is UserClientKind {
  return clientKindParam.safeParse(kind).success;
}

/** Returns the kind, or throws FarError('INVALID_PARAM') whose message is 'Parametro no válido'. */
export function parseClientKind(kind: string): UserClientKind {
  if (!isUserClientKind(kind)) throw new FarError('INVALID_PARAM');
  return kind;
}
