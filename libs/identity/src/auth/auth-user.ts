/** The signed-in user attached to a request by the SessionGuard. */
export interface AuthUser {
  id: string;
  username: string;
  isAdmin: boolean;
  isApproved: boolean;
  createdAt: Date;
  approvedAt: Date | null;
}
