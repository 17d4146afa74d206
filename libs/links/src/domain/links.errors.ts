import { AppError } from '@app/contracts';

/** Every links/domains error a client can see: status, code and a sentence a person can act on. */
export const LinksErrors = {
  linkNotFound: () => new AppError(404, 'Link not found.', 'LINK_NOT_FOUND'),
  domainNotFound: () => new AppError(404, 'Domain not found.', 'DOMAIN_NOT_FOUND'),
  invalidUrl: () => new AppError(400, 'Please enter a valid URL', 'INVALID_URL'),
  urlScheme: () => new AppError(400, 'Only http:// and https:// addresses can be shortened.', 'URL_SCHEME'),
  urlTooLong: (max: number) => new AppError(400, `The address is too long (at most ${max} characters).`, 'URL_TOO_LONG'),
  urlCredentials: () =>
    new AppError(400, 'Addresses with a user name or password in them cannot be shortened.', 'URL_CREDENTIALS'),
  urlOwnHost: () => new AppError(400, 'A short link cannot point at another short link of this service.', 'URL_OWN_HOST'),
  nameRequired: () => new AppError(400, 'Please enter a link name.', 'NAME_REQUIRED'),
  nameTooLong: (max: number) => new AppError(400, `The link name is too long (at most ${max} characters).`, 'NAME_TOO_LONG'),
  shortCodeFormat: () =>
    new AppError(400, 'Short codes use 3 to 64 letters, digits, hyphens or underscores.', 'SHORT_CODE_FORMAT'),
  shortCodeReserved: (code: string) =>
    new AppError(400, `"${code}" is reserved by the service; please choose another short code.`, 'SHORT_CODE_RESERVED'),
  shortCodeTaken: () => new AppError(409, 'That short code is already taken on this domain', 'SHORT_CODE_TAKEN'),
  domainUnavailable: () =>
    new AppError(400, 'Please choose one of your active custom domains, or the default domain.', 'DOMAIN_UNAVAILABLE'),
  ogTitleTooLong: (max: number) => new AppError(400, `The preview title is too long (at most ${max} characters).`, 'OG_TITLE'),
  ogDescriptionTooLong: (max: number) =>
    new AppError(400, `The preview description is too long (at most ${max} characters).`, 'OG_DESCRIPTION'),
  ogImageInvalid: () => new AppError(400, 'The preview image must be an http:// or https:// address.', 'OG_IMAGE'),
  invalidDomain: () => new AppError(400, 'Please enter a valid domain name', 'INVALID_DOMAIN'),
  domainOwnHost: () => new AppError(400, "The service's own short host cannot be added as a custom domain.", 'DOMAIN_OWN_HOST'),
  domainTaken: () => new AppError(409, 'This domain is already registered', 'DOMAIN_TAKEN'),
  domainHasLinks: (n: number) =>
    new AppError(409, `This domain still has ${n} ${n === 1 ? 'link' : 'links'}; delete or move them first.`, 'DOMAIN_HAS_LINKS'),
  codesExhausted: () =>
    new AppError(503, 'Could not find a free short code right now. Please try again.', 'SHORT_CODE_EXHAUSTED'),
  changedMeanwhile: () =>
    new AppError(409, 'This item was changed by someone else at the same time. Please reload and try again.', 'CHANGED_MEANWHILE'),
};
