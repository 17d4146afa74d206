import type { DataSource } from 'typeorm';
import type { ActivityItemDto } from '@app/contracts';
import type { StoredEvent } from '@app/event-store';

type Data = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** What an event did to what: the stream's kind, its id and the best name the event itself carries. */
function targetOf(e: StoredEvent, usernames: Map<string, string>): ActivityItemDto['target'] {
  const d = (e.data ?? {}) as Data;
  if (e.type.startsWith('workspace-member') || e.type === 'workspace-role-changed' || e.type === 'workspace-invitation-accepted') {
    const userId = str(d.userId) ?? '';
    return { type: 'member', id: userId, name: usernames.get(userId) ?? null };
  }
  if (e.type.startsWith('workspace-invitation')) return { type: 'invitation', id: str(d.invitationId) ?? e.streamId, name: str(d.role) };
  const type = e.streamType.toLowerCase();
  const id = str(d.linkId) ?? str(d.domainId) ?? str(d.workspaceId) ?? e.streamId;
  return { type, id, name: str(d.name) ?? str(d.shortCode) ?? str(d.domain) };
}

/**
 * Activity rows of stored events: the actor is the API key when the change came through one (metadata.apiKeyId),
 * else the signed-in user (metadata.actorId), else LinkPulse itself (`system`: the worker's domain check); the action is the permanent event type (`link-created`, …).
 */
export async function describeActivity(db: DataSource, events: StoredEvent[]): Promise<ActivityItemDto[]> {
  const userIds = new Set<string>();
  const keyIds = new Set<string>();
  for (const e of events) {
    if (e.metadata?.actorId) userIds.add(e.metadata.actorId);
    if (e.metadata?.apiKeyId) keyIds.add(e.metadata.apiKeyId);
    const userId = str((e.data as Data | null)?.userId);
    if (userId) userIds.add(userId);
  }
  const [users, keys] = await Promise.all([
    db.query<{ id: string; username: string }[]>('SELECT id, username FROM users WHERE id = ANY($1::uuid[])', [[...userIds]]),
    db.query<{ id: string; name: string }[]>('SELECT id, name FROM api_keys WHERE id = ANY($1::uuid[])', [[...keyIds]]),
  ]);
  const usernames = new Map(users.map((u) => [u.id, u.username]));
  const keyNames = new Map(keys.map((k) => [k.id, k.name]));
  return events.map((e) => {
    const keyId = e.metadata?.apiKeyId ?? null;
    const actorId = e.metadata?.actorId ?? null;
    const actor: ActivityItemDto['actor'] = keyId
      ? { type: 'apiKey', id: keyId, name: keyNames.get(keyId) ?? e.metadata?.apiKeyName ?? null }
      : actorId
        ? { type: 'user', id: actorId, name: usernames.get(actorId) ?? null }
        : { type: 'system', id: null, name: null };
    return { at: e.occurredAt.toISOString(), actor, action: e.type, target: targetOf(e, usernames) };
  });
}
