import { createToaster } from '@chakra-ui/react';

/** docs/product.md#constants-and-limits: one toast at a time; dismissed toasts removed after 1,000,000 ms (kept as the product's constant). */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: TOAST_LIMIT, removeDelay: TOAST_REMOVE_DELAY });

/**
 * A new toast replaces the shown one at once: the toaster would queue it behind the shown one (and behind a dismissed
 * one, which stays mounted for the removal delay), so whatever is there is removed first.
 */
export function show(options: Parameters<typeof toaster.create>[0]): string {
  toaster.remove();
  return toaster.create(options);
}

/**
 * Dismisses a shown error toast: called after any later success (lib/query-client.ts), so a failure the user has
 * since put right no longer says it failed.
 */
export function dismissErrors(): void {
  for (const t of toaster.getVisibleToasts()) if (t.type === 'error' && t.id) toaster.dismiss(t.id);
}

/** What screens call; 'destructive' in docs/product.md#messages = type error. */
export const notify = {
  success: (title: string, description?: string) => show({ title, description, type: 'success' }),
  error: (title: string, description?: string) => show({ title, description, type: 'error' }),
  info: (title: string, description?: string) => show({ title, description, type: 'info' }),
};
