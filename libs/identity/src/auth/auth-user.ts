/** The signed-in user attached to a request by the SessionGuard. */
export interface AuthUser {
  id: string;
  username: string;
  isAdmin: boolean;
  isApproved: boolean;
  createdAt: Date;
  approvedAt: Date | null;
  /** An admin reset the password: every route but the password change answers 403 until it is changed. */
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  /** False for an account made by single sign-on that never set a password. */
  hasPassword: boolean;
}
