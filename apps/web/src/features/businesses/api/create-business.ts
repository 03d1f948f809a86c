import { BusinessCreated, type BusinessCreateBody, type FirstUserBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { businessesQueryKey } from './list-businesses';
import { api } from '../../../lib/api';

/** The business's own fields, as create and update send them (blanks as null). */
export type BusinessInput = Omit<z.input<typeof BusinessCreateBody>, 'FirstUser'>;

export type FirstUserInput = z.input<typeof FirstUserBody>;

/**
 * POST /api/v1/profiles/business/action/create: the business (pendiente, with its own CLABE) and its
 * first user, who gets a temporary password by e-mail. An RFC whose check digit does not match
 * answers 422 with data { RequiresConfirmation, Warnings } until ConfirmRfcWarning is sent.
 */
export const createBusiness = (body: BusinessInput & { FirstUser?: FirstUserInput }) =>
  api.POST('/api/v1/profiles/business/action/create', { body, schema: BusinessCreated });

export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessInput & { FirstUser?: FirstUserInput }) => unwrap(createBusiness(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: businessesQueryKey }),
  });
}
