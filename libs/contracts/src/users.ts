/** User (docs/product.md#shapes). Dates are ISO strings. */
export interface UserDto {
  id: string;
  username: string;
  isAdmin: boolean;
  isApproved: boolean;
  createdAt: string;
  approvedAt: string | null;
}
export interface Credentials {
  username: string;
  password: string;
}
export interface AuthResponse {
  user: UserDto;
  sessionId: string;
}
