import { QueryClient } from '@tanstack/react-query';

/** SPEC §9 query defaults: fresh 30 s, no interval, no focus refetch, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchInterval: false, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
