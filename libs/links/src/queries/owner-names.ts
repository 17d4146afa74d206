/**
 * Usernames of link owners, for admins' link lists. `users` belongs to identity and feature libs do not import each
 * other, so the apps wire identity's `usernamesByIds` in under this token (the api's links module, the worker).
 */
export type OwnerNames = (userIds: readonly string[]) => Promise<Map<string, string>>;

export const OWNER_NAMES = 'links:owner-names';
