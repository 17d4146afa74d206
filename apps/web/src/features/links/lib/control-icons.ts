import type { LinkDto } from '@app/contracts';
import { formatDateTime } from '../../../lib/dates';

export type ControlIconKind = 'expiry' | 'password' | 'rules' | 'variants';
export interface ControlIcon {
  kind: ControlIconKind;
  /** Tooltip and accessible name. */
  label: string;
  /** Expired or used up: shown in red. */
  alert?: boolean;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The My Links icons of a link: expiry / click limit, password, targeting rules, A/B variants. */
export function controlIcons(
  link: Pick<LinkDto, 'expiresAt' | 'maxClicks' | 'hasPassword' | 'rules' | 'variants' | 'clickCount'>,
  now = new Date(),
): ControlIcon[] {
  const icons: ControlIcon[] = [];
  const parts: string[] = [];
  let ended = false;
  if (link.expiresAt) {
    const past = new Date(link.expiresAt) <= now;
    ended ||= past;
    parts.push(`${past ? 'Expired' : 'Expires'} ${formatDateTime(link.expiresAt)}`);
  }
  if (link.maxClicks) {
    const used = link.clickCount >= link.maxClicks;
    ended ||= used;
    parts.push(used ? `Click limit of ${link.maxClicks} reached` : `Stops after ${plural(link.maxClicks, 'click')}`);
  }
  if (parts.length) icons.push({ kind: 'expiry', label: parts.join(' · '), alert: ended });
  if (link.hasPassword) icons.push({ kind: 'password', label: 'Password-protected' });
  if (link.rules?.length) icons.push({ kind: 'rules', label: `${plural(link.rules.length, 'targeting rule')}` });
  if (link.variants?.length)
    icons.push({ kind: 'variants', label: `A/B test: ${plural(link.variants.length, 'variant')} (${link.variants.map((v) => v.weight).join('/')})` });
  return icons;
}
