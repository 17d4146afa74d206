import { UTM_KEYS, type LinkUtm } from '@app/contracts';
import type { ControlsForm } from './form-types';
import { isHttpUrl } from './validation';

/** The utm object to send: trimmed, empty keys left out; null when none is set. */
export function utmOf(form: Pick<ControlsForm, 'utm'>): LinkUtm | null {
  const utm: LinkUtm = {};
  for (const key of UTM_KEYS) {
    const v = form.utm[key].trim();
    if (v) utm[key] = v;
  }
  return Object.keys(utm).length ? utm : null;
}

/** The destination with utm added (replacing the same keys), as the redirector builds it; null while the URL is not valid. */
export function utmPreview(destination: string, utm: LinkUtm | null): string | null {
  if (!isHttpUrl(destination)) return null;
  const url = new URL(destination.trim());
  for (const key of UTM_KEYS) {
    const v = utm?.[key];
    if (v) url.searchParams.set(`utm_${key}`, v);
  }
  return url.toString();
}
