import { createHash } from 'node:crypto';

/** Invitation tokens: 32 random bytes, shown once in the link; only the SHA-256 is stored. */
export const hashInvitationToken = (token: string): string => createHash('sha256').update(token).digest('hex');
