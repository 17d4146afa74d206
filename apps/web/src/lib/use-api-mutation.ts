import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { notify } from './toasts';
import { serverMessage } from './api-client';

type Toast = [title: string, description: string];

interface ApiMutationOptions<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The success toast, or how to word it from the result and the variables. */
  success: Toast | ((data: TData, variables: TVariables) => Toast);
  /** The error toast: its title, and its description when the server gives no message. */
  failure: Toast;
  /**
   * The queries the change makes stale: refreshed before the mutation settles, so what the screen shows next is
   * already the new state. 'all' after changes that may rewrite every read model.
   */
  invalidates?: QueryKey[] | 'all';
}

/** A mutation of the api that tells the user how it went (a toast either way) and refreshes what it changed. */
export function useApiMutation<TVariables = void, TData = unknown>({
  mutationFn,
  success,
  failure,
  invalidates = [],
}: ApiMutationOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      notify.success(...(typeof success === 'function' ? success(data, variables) : success));
      if (invalidates === 'all') await queryClient.invalidateQueries();
      else await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => notify.error(failure[0], serverMessage(error) || failure[1]),
  });
}
