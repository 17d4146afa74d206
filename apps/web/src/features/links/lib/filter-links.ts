import type { LinkDto } from '@app/contracts';

export const hasOwners = (links: LinkDto[]) => links.some((l) => Boolean(l.ownerUsername));
