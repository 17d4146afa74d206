import { DEFAULT_REDIRECT_TYPE, type LinkControlsRequest, type LinkDto, type RedirectType, type UtmKey } from '@app/contracts';
import type { ControlsForm } from './form-types';
import { fromLocalInput, toLocalInput } from './local-datetime';
import { utmOf } from './utm';
import { canonicalValue, splitValues } from './validation';

export type { ControlsErrors, ControlsForm, RuleRow, VariantRow } from './form-types';

const EMPTY_UTM: Record<UtmKey, string> = { source: '', medium: '', campaign: '', term: '', content: '' };
export const EMPTY_CONTROLS: ControlsForm = {
  expiresAt: '',
  expiredUrl: '',
  maxClicks: '',
  password: '',
  removePassword: false,
  redirectType: DEFAULT_REDIRECT_TYPE,
  rules: [],
  variants: [],
  utm: EMPTY_UTM,
  tags: [],
};

/** Browsers cache these, so repeat visits never reach the redirector. */
export const CACHED_REDIRECTS: readonly RedirectType[] = [301, 308];
export const CACHED_REDIRECT_WARNING =
  'Browsers cache 301 and 308 redirects: a visitor who comes back goes straight to the destination, so repeat visits are not counted.';

/** The form filled from a link (Edit Link dialog). The password stays empty: it is write-only. */
export function controlsFromLink(link: LinkDto): ControlsForm {
  return {
    expiresAt: toLocalInput(link.expiresAt ?? null),
    expiredUrl: link.expiredUrl ?? '',
    maxClicks: link.maxClicks ? String(link.maxClicks) : '',
    password: '',
    removePassword: false,
    redirectType: link.redirectType ?? DEFAULT_REDIRECT_TYPE,
    rules: (link.rules ?? []).map((r) => ({ type: r.type, values: r.values.join(', '), url: r.url })),
    variants: (link.variants ?? []).map((v) => ({ url: v.url, weight: String(v.weight) })),
    utm: { ...EMPTY_UTM, ...(link.utm ?? {}) },
    tags: [...(link.tags ?? [])],
  };
}

/**
 * The §1 fields to send. Create: only what is set. Edit: every field (null removes it), the password only when a new
 * one is typed (or null when removing it), since it is write-only.
 */
export function controlsRequest(form: ControlsForm, mode: 'create' | 'edit'): LinkControlsRequest {
  const rules = form.rules.map((r) => ({
    type: r.type,
    values: splitValues(r.values).map((v) => canonicalValue(r.type, v) ?? v),
    url: r.url.trim(),
  }));
  const variants = form.variants.map((v) => ({ url: v.url.trim(), weight: Number(v.weight) }));
  const all: LinkControlsRequest = {
    expiresAt: fromLocalInput(form.expiresAt),
    expiredUrl: form.expiredUrl.trim() || null,
    maxClicks: form.maxClicks.trim() ? Number(form.maxClicks) : null,
    redirectType: form.redirectType,
    rules: rules.length ? rules : null,
    variants: variants.length ? variants : null,
    utm: utmOf(form),
    tags: form.tags.length ? form.tags : null,
  };
  if (mode === 'edit') {
    if (form.password) all.password = form.password;
    else if (form.removePassword) all.password = null;
    return all;
  }
  const req: LinkControlsRequest = {};
  for (const [key, value] of Object.entries(all) as [keyof LinkControlsRequest, unknown][]) {
    if (value !== null && !(key === 'redirectType' && value === DEFAULT_REDIRECT_TYPE)) (req as Record<string, unknown>)[key] = value;
  }
  if (form.password) req.password = form.password;
  return req;
}

/** How many Advanced fields are set (shown on the collapsed section's button). */
export function controlsInUse(form: ControlsForm): number {
  return [
    form.expiresAt,
    form.expiredUrl.trim(),
    form.maxClicks.trim(),
    form.password,
    form.redirectType !== DEFAULT_REDIRECT_TYPE,
    form.rules.length,
    form.variants.length,
    utmOf(form),
    form.tags.length,
  ].filter(Boolean).length;
}
