import { AppError } from '@app/contracts';
import { LinksMessages } from './links.messages.js';

/** Every links/domains error a client can see: status, code and a sentence a person can act on. */
export const LinksErrors = {
  linkNotFound: () => new AppError(404, 'Link not found.', 'LINK_NOT_FOUND'),
  bulkActionNotFound: () => new AppError(404, 'Bulk action not found.', 'BULK_ACTION_NOT_FOUND'),
  domainNotFound: () => new AppError(404, 'Domain not found.', 'DOMAIN_NOT_FOUND'),
  invalidUrl: () => new AppError(400, LinksMessages.invalidUrl, 'INVALID_URL'),
  urlScheme: () => new AppError(400, LinksMessages.urlScheme, 'URL_SCHEME'),
  urlTooLong: (max: number) => new AppError(400, LinksMessages.urlTooLong(max), 'URL_TOO_LONG'),
  urlCredentials: () => new AppError(400, LinksMessages.urlCredentials, 'URL_CREDENTIALS'),
  urlOwnHost: () => new AppError(400, LinksMessages.urlOwnHost, 'URL_OWN_HOST'),
  nameRequired: () => new AppError(400, LinksMessages.nameRequired, 'NAME_REQUIRED'),
  nameTooLong: (max: number) => new AppError(400, LinksMessages.nameTooLong(max), 'NAME_TOO_LONG'),
  shortCodeFormat: () => new AppError(400, LinksMessages.shortCodeFormat, 'SHORT_CODE_FORMAT'),
  shortCodeReserved: (code: string) =>
    new AppError(400, `"${code}" is reserved by the service; please choose another short code.`, 'SHORT_CODE_RESERVED'),
  shortCodeTaken: () => new AppError(409, 'That short code is already taken on this domain', 'SHORT_CODE_TAKEN'),
  domainUnavailable: () => new AppError(400, LinksMessages.domainUnavailable, 'DOMAIN_UNAVAILABLE'),
  ogTitleTooLong: (max: number) => new AppError(400, LinksMessages.ogTitleTooLong(max), 'OG_TITLE'),
  ogDescriptionTooLong: (max: number) => new AppError(400, LinksMessages.ogDescriptionTooLong(max), 'OG_DESCRIPTION'),
  ogImageInvalid: () => new AppError(400, LinksMessages.ogImageInvalid, 'OG_IMAGE'),
  invalidDomain: () => new AppError(400, LinksMessages.invalidDomain, 'INVALID_DOMAIN'),
  domainOwnHost: () => new AppError(400, "The service's own short host cannot be added as a custom domain.", 'DOMAIN_OWN_HOST'),
  domainTaken: () => new AppError(409, 'This domain is already registered', 'DOMAIN_TAKEN'),
  renameWouldLoop: (n: number, host: string) =>
    new AppError(
      409,
      `${n} ${n === 1 ? 'link on this domain points' : 'links on this domain point'} at ${host}; renaming would make ${n === 1 ? 'it' : 'them'} redirect to itself.`,
      'DOMAIN_RENAME_LOOP',
    ),
  sslRateLimited: (perHour: number) =>
    new AppError(429, `SSL certificates can be generated ${perHour} times per hour; please try again later.`, 'SSL_RATE_LIMITED'),
  domainHasLinks: (n: number) =>
    new AppError(409, `This domain still has ${n} ${n === 1 ? 'link' : 'links'}; delete or move them first.`, 'DOMAIN_HAS_LINKS'),
  codesExhausted: () => new AppError(503, 'Could not find a free short code right now. Please try again.', 'SHORT_CODE_EXHAUSTED'),
  changedMeanwhile: () =>
    new AppError(409, 'This item was changed by someone else at the same time. Please reload and try again.', 'CHANGED_MEANWHILE'),
};
