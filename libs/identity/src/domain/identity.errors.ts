import { AppError } from '@app/contracts';

/** Every identity error a client can see: status, code and a sentence a person can act on. */
export const IdentityErrors = {
  usernameTaken: () => new AppError(409, 'Username is already taken', 'USERNAME_TAKEN'),
  invalidCredentials: () => new AppError(401, 'Invalid username or password', 'INVALID_CREDENTIALS'),
  userNotFound: () => new AppError(404, 'User not found.', 'USER_NOT_FOUND'),
  adminNotDeletable: () => new AppError(403, 'Administrator accounts cannot be deleted.', 'ADMIN_NOT_DELETABLE'),
  selfDelete: () => new AppError(403, 'You cannot delete your own account.', 'SELF_DELETE'),
  changedMeanwhile: () =>
    new AppError(409, 'This account was changed by someone else at the same time. Please reload and try again.', 'USER_CHANGED'),
  tooManyAttempts: () => new AppError(429, 'Too many attempts. Please wait a minute and try again.', 'RATE_LIMITED'),
};
