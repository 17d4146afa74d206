import { createHash } from 'node:crypto';

/**
 * The event stream id of a workspace. A personal workspace's id equals its user's id, and the `User` stream already
 * uses that id (events are unique per stream id + version), so every workspace's stream id is derived: the md5 of
 * `workspace:{id}` read as a uuid. The upgrade migration computes the same in SQL: `md5('workspace:' || id)::uuid`.
 */
export function workspaceStreamId(workspaceId: string): string {
  const h = createHash('md5').update(`workspace:${workspaceId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The slug of a workspace name: lowercase letters and digits joined by dashes (the migration's SQL does the same). */
export function workspaceSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 64) || 'workspace'
  );
}

/** Name of every personal workspace (the switcher lists it first). */
export const PERSONAL_WORKSPACE_NAME = 'Personal';
