import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { serverMessage } from './api-client';
import { notify } from './toasts';

/** A toast: title, description, and its kind (success unless said). */
type Toast = readonly [title: string, description: string, kind?: keyof typeof notify];

interface ApiMutationOptions<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The success toast, or how to word it from the result and the variables (null: none); none when absent. */
  success?: Toast | ((data: TData, variables: TVariables) => Toast | null);
  /**
   * The error toast: its title, and its description when the server gives no message. Absent when the screen shows
   * the error itself (a form's inline message).
   */
  failure?: Toast;
  /**
   * The query families the change makes stale (`queryKeys.links.all`), 'all' after changes that may rewrite every
   * read model. Refreshed whether it worked or not (a failed batch may have changed part), before the mutation
   * settles, so what the screen shows next is already the new state.
   */
  invalidates?: readonly QueryKey[] | 'all';
  /** What else the screen does once it worked, after the refresh (switch workspace, navigate). */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
}

/**
 * THE way the web app changes something through the api: the call, a toast either way, and the refresh of what it
 * changed. A call site's own `mutate(v, { onSuccess })` adds what only that form does (clear a field, show a secret).
 */
export function useApiMutation<TVariables = void, TData = unknown>({
  mutationFn,
  success,
  failure,
  invalidates = [],
  onSuccess,
}: ApiMutationOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      const toast = typeof success === 'function' ? success(data, variables) : success;
      if (toast) notify[toast[2] ?? 'success'](toast[0], toast[1]);
    },
    onError: (error) => {
      if (failure) notify[failure[2] ?? 'error'](failure[0], serverMessage(error) || failure[1]);
    },
    onSettled: async (data, error, variables) => {
      await refreshQueries(queryClient, invalidates);
      if (!error) await onSuccess?.(data as TData, variables);
    },
  });
}

/**
 * A feature's mutation hook when its options are fixed (most are): `export const useDeleteX = apiMutationHook({ … })`
 * is `useApiMutation({ … })` with the options written once, beside the call they describe.
 */
export function apiMutationHook<TVariables = void, TData = unknown>(options: ApiMutationOptions<TVariables, TData>) {
  return function useFixedApiMutation() {
    return useApiMutation(options);
  };
}

/** Marks the families stale and refetches the shown ones; resolves when they are back. */
export function refreshQueries(queryClient: ReturnType<typeof useQueryClient>, families: readonly QueryKey[] | 'all'): Promise<unknown> {
  if (families === 'all') return queryClient.invalidateQueries();
  return Promise.all(families.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
