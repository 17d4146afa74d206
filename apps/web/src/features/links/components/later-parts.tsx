import { lazy, Suspense, useState, type ComponentProps } from 'react';

// What My Links shows only on demand (a dialog, a row's share panel): in chunks of their own, so the page's first
// paint does not wait for them (docs/performance-history.md, "A team's volume of links", sixth pass); fetched once the
// page is drawn (`preloadLaterParts`), so they open at once.
const loadEdit = () => import('./EditLinkDialog');
const loadQr = () => import('./QrCodeDialog');
const loadShare = () => import('./SharePanel');

const EditLinkDialogPart = lazy(() => loadEdit().then((m) => ({ default: m.EditLinkDialog })));
const QrCodeDialogPart = lazy(() => loadQr().then((m) => ({ default: m.QrCodeDialog })));
const SharePanelPart = lazy(() => loadShare().then((m) => ({ default: m.SharePanel })));

/** Starts fetching the parts (the page calls it once drawn). */
export function preloadLaterParts(): void {
  void loadEdit().catch(() => undefined);
  void loadQr().catch(() => undefined);
  void loadShare().catch(() => undefined);
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
