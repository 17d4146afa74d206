import { AppError, SHARE_PASSWORD_MAX, SHARE_PASSWORD_MIN } from '@app/contracts';

/** Every shared-stats error a client can see (docs/product.md "Shared stats"). */
export const ShareMessages = {
  oneSubject: 'Share either one link (linkId) or one tag (tag), not both and not neither.',
  password: `password must be ${SHARE_PASSWORD_MIN} to ${SHARE_PASSWORD_MAX} characters, or null.`,
  expiresAt: 'expiresAt must be an ISO date-time in the future, or null.',
  tag: 'tag must be 1 to 32 characters.',
};

export const ShareErrors = {
  notFound: () => new AppError(404, 'Share not found.', 'SHARE_NOT_FOUND'),
  oneSubject: () => new AppError(400, ShareMessages.oneSubject, 'SHARE_SUBJECT'),
  expiryInPast: () => new AppError(400, ShareMessages.expiresAt, 'SHARE_EXPIRY'),
  unknownTag: () => new AppError(400, 'tag: no link of this workspace carries this tag.', 'SHARE_UNKNOWN_TAG'),
  /** Unknown, revoked or expired: one answer, so a token's history is not told. */
  pageGone: () => new AppError(404, 'This share link has expired or was revoked.', 'SHARE_GONE'),
  passwordNeeded: () => new AppError(401, 'This shared page needs its password (X-Share-Password).', 'SHARE_PASSWORD_NEEDED'),
  wrongPassword: () => new AppError(401, 'The password is not right.', 'SHARE_PASSWORD_WRONG'),
  tooManyTries: (seconds: number) =>
    new AppError(429, 'Too many password tries on this shared page; please wait 15 minutes.', 'SHARE_TOO_MANY_TRIES', seconds),
  tooManyRequests: (seconds: number) =>
    new AppError(429, `Too many requests for shared pages from your address; please wait ${seconds} seconds.`, 'SHARE_RATE_LIMITED', seconds),
};
