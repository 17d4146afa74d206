import { LINK_LIMITS, RULE_DEVICES, RULE_OSES, UTM_KEYS, type LinkRuleType } from '@app/contracts';
import type { ControlsErrors, ControlsForm, RuleRow, VariantRow } from './form-types';
import { fromLocalInput } from './local-datetime';

export const isHttpUrl = (value: string): boolean => {
  try {
    const u = new URL(value.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};
export const splitValues = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
const isWholeNumber = (text: string) => /^\d+$/.test(text.trim());

export const weightSum = (rows: VariantRow[]) => rows.reduce((s, r) => s + (isWholeNumber(r.weight) ? Number(r.weight) : 0), 0);

/** The message under the variant editor, or null when the variants are valid (or absent). */
export function variantsError(rows: VariantRow[]): string | null {
  if (rows.length === 0) return null;
  const { variantsMin, variantsMax } = LINK_LIMITS;
  if (rows.length < variantsMin) return `An A/B test needs at least ${variantsMin} variants (or remove the last one).`;
  if (rows.length > variantsMax) return `At most ${variantsMax} variants.`;
  const badUrl = rows.findIndex((r) => !isHttpUrl(r.url));
  if (badUrl >= 0) return `Variant ${badUrl + 1}: enter a full http(s) URL.`;
  const badWeight = rows.findIndex((r) => !isWholeNumber(r.weight) || Number(r.weight) < 1 || Number(r.weight) > 100);
  if (badWeight >= 0) return `Variant ${badWeight + 1}: weight must be a whole number from 1 to 100.`;
  const sum = weightSum(rows);
  if (sum !== 100) return `Weights must add up to 100% (now ${sum}%).`;
  return null;
}

/** Device and OS values as the server spells them, whatever case the user typed; null when not one of them. */
const CANONICAL: Partial<Record<LinkRuleType, readonly string[]>> = { device: RULE_DEVICES, os: RULE_OSES };
export function canonicalValue(type: LinkRuleType, value: string): string | null {
  const allowed = CANONICAL[type];
  if (!allowed) return type === 'country' ? value.toUpperCase() : type === 'language' ? value.toLowerCase() : value;
  return allowed.find((a) => a.toLowerCase() === value.toLowerCase()) ?? null;
}

const COUNTRY = /^[A-Za-z]{2}$/;
const LANGUAGE = /^[A-Za-z]{2,3}$/;
/** The message under the rule editor, or null when every rule is complete. */
export function rulesError(rows: RuleRow[]): string | null {
  if (rows.length > LINK_LIMITS.rulesMax) return `At most ${LINK_LIMITS.rulesMax} rules.`;
  for (const [i, r] of rows.entries()) {
    const values = splitValues(r.values);
    if (values.length === 0) return `Rule ${i + 1}: choose at least one ${r.type}.`;
    if (r.type === 'country' && !values.every((v) => COUNTRY.test(v))) return `Rule ${i + 1}: countries are 2-letter codes such as GB, US, DE.`;
    if (r.type === 'language' && !values.every((v) => LANGUAGE.test(v))) return `Rule ${i + 1}: languages are primary tags such as en, de, fr.`;
    const allowed = CANONICAL[r.type];
    if (allowed && !values.every((v) => canonicalValue(r.type, v)))
      return `Rule ${i + 1}: ${r.type === 'os' ? 'systems' : 'devices'} are ${allowed.join(', ')}.`;
    if (!isHttpUrl(r.url)) return `Rule ${i + 1}: enter a full http(s) destination URL.`;
  }
  return null;
}

/** Every problem the server would refuse with a 400, found before sending. `now` for a testable clock. */
export function validateControls(form: ControlsForm, mode: 'create' | 'edit', now = new Date()): ControlsErrors {
  const errors: ControlsErrors = {};
  if (form.expiresAt) {
    const iso = fromLocalInput(form.expiresAt);
    if (!iso) errors.expiresAt = 'Enter a valid date and time.';
    else if (mode === 'create' && new Date(iso) <= now) errors.expiresAt = 'The expiry must be in the future.';
  }
  if (form.expiredUrl.trim() && !isHttpUrl(form.expiredUrl)) errors.expiredUrl = 'Enter a full http(s) URL.';
  if (form.maxClicks.trim() && (!isWholeNumber(form.maxClicks) || Number(form.maxClicks) < 1))
    errors.maxClicks = 'Enter a whole number of 1 or more.';
  const { passwordMin, passwordMax } = LINK_LIMITS;
  if (form.password && (form.password.length < passwordMin || form.password.length > passwordMax)) {
    errors.password = `The password must be ${passwordMin} to ${passwordMax} characters.`;
  }
  const rules = rulesError(form.rules);
  if (rules) errors.rules = rules;
  const variants = variantsError(form.variants);
  if (variants) errors.variants = variants;
  const longUtm = UTM_KEYS.find((k) => form.utm[k].trim().length > LINK_LIMITS.utmValueMax);
  if (longUtm) errors.utm = `utm_${longUtm} is longer than ${LINK_LIMITS.utmValueMax} characters.`;
  if (form.tags.length > LINK_LIMITS.tagsMax) errors.tags = `At most ${LINK_LIMITS.tagsMax} tags.`;
  return errors;
}
