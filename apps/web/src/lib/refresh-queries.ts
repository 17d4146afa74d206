import type { QueryClient } from '@tanstack/react-query';

/** Marks every query whose key starts with one of `roots` stale (the visible ones refetch), without waiting. */
export function refreshQueries(queryClient: QueryClient, roots: string[]): void {
  for (const root of roots) void queryClient.invalidateQueries({ queryKey: [root] });
}
