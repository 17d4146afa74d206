/**
 * Identity's permanent event type (stream 'User', data {userId, ...}). Named here, not imported: feature libs meet
 * through events, not each other's code.
 */
export const USER_DELETED = 'user-deleted';
export interface UserDeletedData {
  userId: string;
}
