/** An event as stored in `events`: its global position, stream, version, type, payload and metadata. */
export interface StoredEvent<D = any> {
  position: number;
  streamType: string;
  streamId: string;
  version: number;
  type: string;
  data: D;
  metadata: EventMetadata;
  occurredAt: Date;
}
export interface EventMetadata {
  actorId?: string | null;
  requestId?: string | null;
  /** The workspace the change was made in (the activity feed reads it; docs/architecture.md "Workspaces"). */
  workspaceId?: string | null;
  /** The API key the change was made with, if any. */
  apiKeyId?: string | null;
  /** That key's name when the change was made (the activity names it after the key is revoked). */
  apiKeyName?: string | null;
}

/** The metadata of a change someone asked for: who, and the request it came with (null when none). */
export const actorMeta = (actorId: string, requestId?: string | null): EventMetadata => ({ actorId, requestId: requestId ?? null });
