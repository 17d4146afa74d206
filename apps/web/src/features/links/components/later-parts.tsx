import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';

// What My Links shows only on demand (a dialog, a row's share panel): in chunks of their own, so the page's first
// paint does not wait for them (docs/performance-history.md, "A team's volume of links", sixth pass). They are fetched
// once the page is drawn and the browser is idle (`useLaterParts`), and the dialogs are then mounted closed, as before,
// so each opens at once and in its usual order of focus (a dialog made at the moment it opens can lose its focus to
// the row menu's button, which the closing menu hands it back to: that closed a delete's confirmation at once).
const loadEdit = () => import('./EditLinkDialog');
const loadQr = () => import('./QrCodeDialog');
const loadShare = () => import('./SharePanel');

const EditLinkDialogPart = lazy(() => loadEdit().then((m) => ({ default: m.EditLinkDialog })));
const QrCodeDialogPart = lazy(() => loadQr().then((m) => ({ default: m.QrCodeDialog })));
const SharePanelPart = lazy(() => loadShare().then((m) => ({ default: m.SharePanel })));

/** Fetches the parts once the page is drawn and the browser idle (not while the first rows are painted); true once in. */
export function useLaterParts(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    const load = () =>
      void Promise.all([loadEdit(), loadQr(), loadShare()]).then(
        () => live && setLoaded(true),
        () => live && setLoaded(true), // the dialogs then load (and fail) when opened, as any lazy page
      );
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(load, 500);
      return () => {
        live = false;
        clearTimeout(timer);
      };
    }
    const idle = window.requestIdleCallback(load, { timeout: 2000 });
    return () => {
      live = false;
      window.cancelIdleCallback(idle);
    };
  }, []);
  return loaded;
}

/** Made once its chunk is in (`ready`) or it is first opened, whichever comes first; kept afterwards. */
function useMade(open: boolean, ready: boolean): boolean {
  const [made, setMade] = useState(open || ready);
  if ((open || ready) && !made) setMade(true);
  return made || open || ready;
}

type Later<P> = P & { ready: boolean };

export function EditLinkDialog({ ready, ...props }: Later<ComponentProps<typeof EditLinkDialogPart>>) {
  return useMade(props.link !== null, ready) ? (
    <Suspense fallback={null}>
      <EditLinkDialogPart {...props} />
    </Suspense>
  ) : null;
}

export function QrCodeDialog({ ready, ...props }: Later<ComponentProps<typeof QrCodeDialogPart>>) {
  return useMade(props.link !== null, ready) ? (
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
