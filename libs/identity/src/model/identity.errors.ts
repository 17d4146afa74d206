import { AppError } from '@app/contracts';
import { CredentialMessages } from './credential-rules.js';

/** Every identity error a client can see: status, code and a sentence a person can act on. */
export const IdentityErrors = {
  usernameTaken: () => new AppError(409, 'Username is already taken', 'USERNAME_TAKEN'),
  invalidCredentials: () => new AppError(401, CredentialMessages.invalidCredentials, 'INVALID_CREDENTIALS'),
  userNotFound: () => new AppError(404, 'User not found.', 'USER_NOT_FOUND'),
  adminNotDeletable: () => new AppError(403, 'Administrator accounts cannot be deleted.', 'ADMIN_NOT_DELETABLE'),
  selfDelete: () => new AppError(403, 'You cannot delete your own account.', 'SELF_DELETE'),
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
};

/** docs/product.md#api-keys: API keys. */
export const ApiKeyErrors = {
  notFound: () => new AppError(404, 'API key not found.', 'API_KEY_NOT_FOUND'),
  invalidKey: () =>
    new AppError(401, 'This API key is not valid: it is unknown, revoked or expired, or its owner can no longer sign in.', 'API_KEY_INVALID'),
  missingScope: (scope: string) => new AppError(403, `This API key lacks the scope "${scope}" this route needs.`, 'API_KEY_SCOPE'),
  notForKeys: () => new AppError(403, 'API keys cannot be used on this route; sign in instead.', 'API_KEY_NOT_ALLOWED'),
  rateLimited: (seconds: number) =>
    new AppError(429, `Too many requests with this API key. Please wait ${seconds} seconds and try again.`, 'API_KEY_RATE_LIMITED'),
};
