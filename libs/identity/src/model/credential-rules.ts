/** Account rules shared by the api's DTOs and the domain. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
/** The documented character set (after NFKC): ASCII letters, digits, dot, underscore, hyphen. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export const CredentialMessages = {
  usernameRequired: 'Username is required.',
  usernameLength: `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters long.`,
  usernameCharacters: 'Username may only contain letters, digits, dots, underscores and hyphens.',
  passwordRequired: 'Password is required.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordCommon: 'This password is one of the most common passwords; please choose another.',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  /** Sign-in says no more than this, whichever part was wrong. */
  invalidCredentials: 'Invalid username or password',
};

/** NFKC: compatibility forms (fullwidth ａｌｉｃｅ, ligatures) become their plain letters. Applied to what is stored. */
export const nfkcUsername = (raw: string): string => raw.normalize('NFKC');

/**
 * The one comparison key of a username: NFKC, then one case fold (toLowerCase, as Postgres lower() does for the
 * ASCII set usernames are limited to). Sign-in lookups and rate-limit counters use exactly this.
 */
export const foldUsername = (raw: string): string => nfkcUsername(raw).toLowerCase();
