/** User (docs/product.md#shapes). Dates are ISO strings. */
export interface UserDto {
  id: string;
  username: string;
  isAdmin: boolean;
  isApproved: boolean;
  createdAt: string;
  approvedAt: string | null;
  /** An admin reset the password: every call but `POST /api/auth/password` answers 403 until a new one is set. */
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  /** False for an account made by single sign-on that has no password. */
  hasPassword: boolean;
}
export interface Credentials {
  username: string;
  password: string;
}
export interface AuthResponse {
  user: UserDto;
  sessionId: string;
}

/** `POST /api/auth/login` with two-factor sign-in on: the password was right, a code must follow. */
export interface TwoFactorChallengeResponse {
  twoFactorRequired: true;
  /** Send with the code to `POST /api/auth/login/2fa`; ends after 5 minutes or 5 wrong codes. */
  challenge: string;
}
export type LoginResponse = AuthResponse | TwoFactorChallengeResponse;

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** One of the signed-in user's sessions (`GET /api/auth/sessions`). */
export interface SessionDto {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  /** "Chrome on macOS", from the user agent ("Unknown device" without one). */
  device: string;
  ip: string | null;
  /** The session making this request. */
  current: boolean;
}

export interface ResetPasswordResponse {
  /** Shown once; the user must choose a new password after signing in with it. */
  temporaryPassword: string;
}

export interface TwoFactorSetupResponse {
  /** Base32, for typing into an authenticator app; shown only in this response. */
  secret: string;
  /** `otpauth://totp/…`: the QR code's content. */
  otpauthUrl: string;
}
export interface TwoFactorEnabledResponse {
  /** 10 single-use codes, shown only in this response. */
  recoveryCodes: string[];
}

/** `GET /api/auth/options`: what the login screen offers. */
export interface AuthOptionsDto {
  /** Password sign-in and sign-up (LOCAL_LOGIN). */
  localLogin: boolean;
  /** Single sign-on, when configured: the button reads "Sign in with {name}". */
  oidc: { name: string } | null;
}
