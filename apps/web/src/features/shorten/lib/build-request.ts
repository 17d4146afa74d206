import type { CreateLinkRequest } from '@app/contracts';
import { generateShortCode } from './short-code';

export const DEFAULT_DOMAIN = 'default';
export const UNTITLED_LINK = 'Untitled Link';

export interface ShortenForm {
  originalUrl: string;
  name: string;
  domain: string;
  shortCode: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
}
export const EMPTY_FORM: ShortenForm = {
  originalUrl: '',
  name: '',
  domain: DEFAULT_DOMAIN,
  shortCode: '',
  ogTitle: '',
  ogDescription: '',
  ogImage: '',
};

/** The create-link payload (docs/product.md#validation): name defaults, empty code generated, 'default' sends no domainId, empty optional fields dropped. */
export function buildCreateRequest(form: ShortenForm, makeCode: () => string = generateShortCode): CreateLinkRequest {
  const req: CreateLinkRequest = {
    name: form.name.trim() || UNTITLED_LINK,
    shortCode: form.shortCode.trim() || makeCode(),
    originalUrl: form.originalUrl.trim(),
  };
  if (form.domain && form.domain !== DEFAULT_DOMAIN) req.domainId = form.domain;
  if (form.ogTitle.trim()) req.ogTitle = form.ogTitle.trim();
  if (form.ogDescription.trim()) req.ogDescription = form.ogDescription.trim();
  if (form.ogImage.trim()) req.ogImage = form.ogImage.trim();
  return req;
}
