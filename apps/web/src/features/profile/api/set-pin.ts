import type { PinBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/api/get-me';
import { api } from '../../../lib/api';

type PinInput = z.input<typeof PinBody>;

/** POST /api/v1/account/Pin { Pin, Code? }: sets a wallet user's PIN; changing one needs a security code. */
export const setPin = (body: PinInput) => api.POST('/api/v1/account/Pin', { body });

export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PinInput) => unwrap(setPin(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
