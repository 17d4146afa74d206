/**
 * The sentences a client sees for a bad link or domain request, defined once: the request DTOs (shape: type and
 * length) and the aggregates' rules (`LinksErrors`) both say them, so a client gets the same words whichever layer
 * refuses the request.
 */
export const LinksMessages = {
  invalidUrl: 'Please enter a valid URL',
  urlScheme: 'Only http:// and https:// addresses can be shortened.',
  urlTooLong: (max: number) => `The address is too long (at most ${max} characters).`,
  urlCredentials: 'Addresses with a user name or password in them cannot be shortened.',
  urlOwnHost: 'A short link cannot point at another short link of this service.',
  nameRequired: 'Please enter a link name.',
  nameNotText: 'The link name must be text.',
  nameTooLong: (max: number) => `The link name is too long (at most ${max} characters).`,
  shortCodeFormat: 'Short codes use 1 to 64 letters, digits, hyphens or underscores.',
  shortCodeNotText: 'The short code must be text.',
  domainUnavailable: 'Please choose one of your active custom domains, or the default domain.',
  ogTitleNotText: 'The preview title must be text.',
  ogTitleTooLong: (max: number) => `The preview title is too long (at most ${max} characters).`,
  ogDescriptionNotText: 'The preview description must be text.',
  ogDescriptionTooLong: (max: number) => `The preview description is too long (at most ${max} characters).`,
  ogImageInvalid: 'The preview image must be an http:// or https:// address.',
  invalidDomain: 'Please enter a valid domain name',
} as const;
