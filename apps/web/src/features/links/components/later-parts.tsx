import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';

// What My Links shows only on demand (a dialog, a row's share panel): in chunks of their own, so the page's first
// paint does not wait for them (docs/performance-history.md, "A team's volume of links", sixth pass); fetched once the
// page is drawn and the browser is idle (`usePreloadLaterParts`), so they open at once. The confirm dialogs are made
// when first asked, not closed on every first paint (a dialog is a state machine).
const loadEdit = () => import('./EditLinkDialog');
const loadQr = () => import('./QrCodeDialog');
const loadShare = () => import('./SharePanel');

const EditLinkDialogPart = lazy(() => loadEdit().then((m) => ({ default: m.EditLinkDialog })));
const QrCodeDialogPart = lazy(() => loadQr().then((m) => ({ default: m.QrCodeDialog })));
const SharePanelPart = lazy(() => loadShare().then((m) => ({ default: m.SharePanel })));

/** Fetches the parts once the page is drawn and the browser idle (not while the first rows are painted). */
export function usePreloadLaterParts(): void {
  useEffect(() => {
    const preload = () => {
      void loadEdit().catch(() => undefined);
      void loadQr().catch(() => undefined);
      void loadShare().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(preload, 500);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(preload, { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
}

/** True from the first time `on` is: a dialog is made when first opened and kept (its closing is animated). */
function useMadeOnce(on: boolean): boolean {
  const [made, setMade] = useState(on);
  if (on && !made) setMade(true);
  return made || on;
}

export function EditLinkDialog(props: ComponentProps<typeof EditLinkDialogPart>) {
  const made = useMadeOnce(props.link !== null);
  return made ? (
    <Suspense fallback={null}>
      <EditLinkDialogPart {...props} />
    </Suspense>
  ) : null;
}

export function QrCodeDialog(props: ComponentProps<typeof QrCodeDialogPart>) {
  const made = useMadeOnce(props.link !== null);
  return made ? (
    <Suspense fallback={null}>
      <QrCodeDialogPart {...props} />
    </Suspense>
  ) : null;
}

export function SharePanel(props: ComponentProps<typeof SharePanelPart>) {
  return (
    <Suspense fallback={null}>
      <SharePanelPart {...props} />
    </Suspense>
  );
}

/** A confirm dialog, made when first asked. */
export function ConfirmWhenAsked(props: ComponentProps<typeof ConfirmDialog>) {
  return useMadeOnce(props.open) ? <ConfirmDialog {...props} /> : null;
}
