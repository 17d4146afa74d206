import { lazy, Suspense, useEffect, useState } from 'react';
import { show, toaster } from './toaster-store';

export { TOAST_LIMIT, TOAST_REMOVE_DELAY, toaster } from './toaster-store';

const ToasterView = lazy(() => import('./toaster-view'));

/** Renders the toasts; its code (portal, toast machine) loads with the first toast, not with the login page. */
export function Toaster() {
  const [needed, setNeeded] = useState(() => toaster.getCount() > 0);
  useEffect(() => (needed ? undefined : toaster.subscribe(() => setNeeded(true))), [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}

/** Convenience wrappers; 'destructive' in docs/product.md#messages = type error. */
export const notify = {
  success: (title: string, description?: string) => show({ title, description, type: 'success' }),
  error: (title: string, description?: string) => show({ title, description, type: 'error' }),
  info: (title: string, description?: string) => show({ title, description, type: 'info' }),
};
