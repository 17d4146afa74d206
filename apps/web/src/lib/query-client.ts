import { MutationCache, QueryClient } from '@tanstack/react-query';
import { dismissErrors } from './toasts';

/**
 * Query defaults (docs/product.md#constants-and-limits): fresh 30 s, no interval (a query that polls, polls only while
 * the tab is visible), no focus refetch, no retries. Any
 * change that succeeds dismisses an error toast still shown from an earlier attempt (a success toast would replace it
 * anyway; many successes, such as a created link's card, show none).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({ onSuccess: () => dismissErrors() }),
    defaultOptions: {
      queries: { staleTime: 30_000, refetchInterval: false, refetchIntervalInBackground: false, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
