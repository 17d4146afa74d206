import { AppError } from '@app/contracts';

/** What the login screen says when single sign-on did not work (never a 500: the user can act on each). */
export const OidcMessages = {
  notConfigured: 'Single sign-on is not configured on this server.',
  providerDown: (name: string) => `${name} could not be reached. Please try again in a few minutes, or ask your administrator.`,
  providerRefused: (name: string) => `${name} did not sign you in. Please try again.`,
  badAnswer: (name: string) => `${name} answered in a way that cannot be trusted, so you were not signed in. Please try again.`,
  flowExpired: 'This sign-in has expired or was already used. Please start again.',
  notFinished: 'Single sign-on did not finish. Please start again.',
  noSubject: (name: string) => `${name} did not say who you are, so you were not signed in.`,
};

export const OidcErrors = {
  notConfigured: () => new AppError(404, OidcMessages.notConfigured, 'OIDC_NOT_CONFIGURED'),
  /** Nothing to hand over (no sign-in finished in this browser, or it was taken already). */
  nothingToTake: () => new AppError(400, OidcMessages.notFinished, 'OIDC_NOT_FINISHED'),
  /** The sign-in finished with a refusal: the reason, as the login screen shows it. */
  signInFailed: (message: string) => new AppError(401, message, 'OIDC_SIGN_IN_FAILED'),
};
