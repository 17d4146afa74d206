import { QueryClient } from '@tanstack/react-query';

/** Query defaults (docs/product.md#constants-and-limits): fresh 30 s, no interval, no focus refetch, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchInterval: false, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
