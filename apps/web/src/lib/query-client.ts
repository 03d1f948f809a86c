import { QueryClient } from '@tanstack/react-query';
import type { ApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (bad input, no permission, not found) do not get better by repeating.
        retry: (failureCount, error) => failureCount < 2 && (error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
