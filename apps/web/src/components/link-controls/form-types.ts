import type { LinkRuleType, RedirectType, UtmKey } from '@app/contracts';

/** One targeting rule being edited: `values` is the comma-separated text the user types. */
export interface RuleRow {
  type: LinkRuleType;
  values: string;
  url: string;
}
export interface VariantRow {
  url: string;
  weight: string;
}
/** The Advanced section's state (the fields of docs/product.md#link-controls as the inputs hold them). */
export interface ControlsForm {
  /** `datetime-local` value in the browser's time zone, '' for none. */
  expiresAt: string;
  expiredUrl: string;
  maxClicks: string;
  password: string;
  /** Edit only: the link has a password and the user chose to remove it. */
  removePassword: boolean;
  redirectType: RedirectType;
  rules: RuleRow[];
  variants: VariantRow[];
  utm: Record<UtmKey, string>;
  tags: string[];
}
export type ControlsErrors = Partial<Record<'expiresAt' | 'expiredUrl' | 'maxClicks' | 'password' | 'rules' | 'variants' | 'utm' | 'tags', string>>;
