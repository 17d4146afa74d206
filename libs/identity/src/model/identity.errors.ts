import { AppError } from '@app/contracts';
import { CredentialMessages } from './credential-rules.js';

/** Every identity error a client can see: status, code and a sentence a person can act on. */
export const IdentityErrors = {
  usernameTaken: () => new AppError(409, 'Username is already taken', 'USERNAME_TAKEN'),
  invalidCredentials: () => new AppError(401, CredentialMessages.invalidCredentials, 'INVALID_CREDENTIALS'),
  userNotFound: () => new AppError(404, 'User not found.', 'USER_NOT_FOUND'),
  adminNotDeletable: () => new AppError(403, 'Administrator accounts cannot be deleted.', 'ADMIN_NOT_DELETABLE'),
  selfDelete: () => new AppError(403, 'You cannot delete your own account.', 'SELF_DELETE'),
  lastAdmin: () => new AppError(400, 'You are the only administrator: make another account an administrator before deleting yours.', 'LAST_ADMIN'),
  deleteNeedsPassword: () => new AppError(400, 'password: please enter your current password to delete your account.', 'PASSWORD_REQUIRED'),
  wrongPassword: () => new AppError(400, 'password: the password is not correct.', 'WRONG_PASSWORD'),
  deleteNeedsFreshSignIn: (minutes: number) =>
    new AppError(403, `Please sign in again, then delete your account within ${minutes} minutes.`, 'FRESH_SIGN_IN_REQUIRED'),
  changedMeanwhile: () =>
    new AppError(409, 'This account was changed by someone else at the same time. Please reload and try again.', 'USER_CHANGED'),
  commonPassword: () => new AppError(400, CredentialMessages.passwordCommon, 'PASSWORD_COMMON'),
  accountBackoff: (minutes: number) =>
    new AppError(
      429,
      `Too many failed sign-ins for this account. Please wait ${minutes} minutes, or sign in from a device you used before.`,
      'ACCOUNT_BACKOFF',
    ),
  tooManyAttempts: () => new AppError(429, 'Too many attempts. Please wait a minute and try again.', 'RATE_LIMITED'),
  selfReset: () => new AppError(403, 'You cannot reset your own password here; change it on your Account screen.', 'SELF_RESET'),
  wrongCurrentPassword: () => new AppError(400, 'currentPassword: the current password is not correct.', 'WRONG_PASSWORD'),
  samePassword: () => new AppError(400, 'newPassword: the new password must differ from the current one.', 'SAME_PASSWORD'),
  mustChangePassword: () =>
    new AppError(403, 'Your password was reset by an administrator: please choose a new password first.', 'MUST_CHANGE_PASSWORD'),
  sessionNotFound: () => new AppError(404, 'Session not found.', 'SESSION_NOT_FOUND'),
  localLoginOff: () => new AppError(403, 'Sign-in with a password is turned off here; please use single sign-on.', 'LOCAL_LOGIN_OFF'),
};

/** Two-factor sign-in (TOTP, RFC 6238) and its recovery codes. */
export const TwoFactorErrors = {
  alreadyOn: () => new AppError(409, 'Two-factor sign-in is already on.', 'TWO_FACTOR_ON'),
  off: () => new AppError(409, 'Two-factor sign-in is not on.', 'TWO_FACTOR_OFF'),
  noSetup: () => new AppError(409, 'Start the two-factor setup first: no secret is waiting to be confirmed.', 'TWO_FACTOR_NO_SETUP'),
  wrongCode: () => new AppError(400, 'code: this code is not correct. Use the current code of your authenticator app.', 'TWO_FACTOR_WRONG_CODE'),
  codeNeeded: () => new AppError(400, 'code: enter the 6-digit code of your authenticator app or a recovery code.', 'TWO_FACTOR_CODE_REQUIRED'),
  wrongPassword: () => new AppError(400, 'password: the password is not correct.', 'WRONG_PASSWORD'),
  challengeWrongCode: (left: number) =>
    new AppError(401, `This code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'TWO_FACTOR_WRONG_CODE'),
  challengeEnded: () =>
    new AppError(401, 'This sign-in has expired or had too many wrong codes. Please sign in again with your password.', 'TWO_FACTOR_CHALLENGE_ENDED'),
  unavailable: () => new AppError(503, 'Two-factor sign-in is unavailable right now. Please try again in a minute.', 'TWO_FACTOR_UNAVAILABLE'),
};

/** docs/product.md#api-keys: API keys. */
export const ApiKeyErrors = {
  notFound: () => new AppError(404, 'API key not found.', 'API_KEY_NOT_FOUND'),
  limit: (cap: number) => new AppError(409, `A workspace has at most ${cap} API keys: revoke one before creating another.`, 'API_KEY_LIMIT'),
  invalidKey: () =>
    new AppError(401, 'This API key is not valid: it is unknown, revoked or expired, or its owner can no longer sign in.', 'API_KEY_INVALID'),
  missingScope: (scope: string) => new AppError(403, `This API key lacks the scope "${scope}" this route needs.`, 'API_KEY_SCOPE'),
  notForKeys: () => new AppError(403, 'API keys cannot be used on this route; sign in instead.', 'API_KEY_NOT_ALLOWED'),
  rateLimited: (seconds: number) =>
    new AppError(429, `Too many requests with this API key. Please wait ${seconds} seconds and try again.`, 'API_KEY_RATE_LIMITED'),
};
