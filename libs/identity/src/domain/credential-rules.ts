/** Account rules shared by the api's DTOs and the domain. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const CredentialMessages = {
  usernameRequired: 'Username is required.',
  usernameLength: `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters long.`,
  usernameCharacters: 'Username may only contain letters, digits, dots, underscores and hyphens.',
  passwordRequired: 'Password is required.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
};
