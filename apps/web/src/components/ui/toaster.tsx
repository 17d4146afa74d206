import { lazy, Suspense, useEffect, useState } from 'react';
import { toaster } from '../../lib/toasts';

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
