import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '@app/event-store';
import {
  LINK_ARCHIVE_CHANGED,
  LINK_CONTROLS_CHANGED,
  LINK_CREATED,
  LINK_IMPORTED,
  type LinkArchiveChanged,
  type LinkControlsChanged,
  type LinkCreated,
  type LinkImported,
} from '../model/link.events.js';
import { applyControlChanges } from '../model/link.aggregate.js';
import type { StoredControls } from '../model/link-controls.js';
import type { CacheWorkQueue } from './cache-work-queue.js';

/** Whether applyCreatesAndControls can take this batch (only new links and their control changes: imports). */
export const isCreateBatch = (events: StoredEvent[]): boolean =>
  events.every((e) => [LINK_CREATED, LINK_CONTROLS_CHANGED, LINK_IMPORTED, LINK_ARCHIVE_CHANGED].includes(e.type));

/** link-imported: the source's creation date becomes the link's, its click total `imported_clicks` (one UPDATE). */
export async function applyImported(m: EntityManager, imported: LinkImported['data'][]): Promise<void> {
  if (imported.length === 0) return;
  await m.query<unknown>(
    `UPDATE links l SET created_at = COALESCE(v.created_at, l.created_at), imported_clicks = v.clicks
       FROM unnest($1::uuid[], $2::timestamptz[], $3::int[]) AS v(id, created_at, clicks) WHERE l.id = v.id`,
    [imported.map((d) => d.linkId), imported.map((d) => d.createdAt), imported.map((d) => d.importedClicks)],
  );
}

interface LinkState {
  controls: StoredControls | null;
  updatedAt?: string;
  tags?: string[];
  passwordId?: string | null;
}

/**
 * LinksProjection.apply for a batch of link-created and link-controls-changed events in 3 queries instead of 1–3
 * per event: one INSERT of every new row, one locked read of the changed rows, one UPDATE of their final state
 * (each change applied in order in memory, exactly as `apply` would one by one). Queues the same cache work.
 */
export async function applyCreatesAndControls(m: EntityManager, events: StoredEvent[], work: CacheWorkQueue): Promise<void> {
  const created = events.filter((e) => e.type === LINK_CREATED).map((e) => ({ position: e.position, d: (e as unknown as LinkCreated).data }));
  if (created.length) {
    const col = <T>(f: (d: LinkCreated['data']) => T) => created.map(({ d }) => f(d));
    await m.query<unknown>(
      `INSERT INTO links (id, owner_id, name, short_code, original_url, domain_id, og_title, og_description, og_image, created_at, updated_at)
       SELECT a, b, c, d, e, f, g, h, i, j, j
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::text[], $8::text[], $9::text[], $10::timestamptz[])
           WITH ORDINALITY AS t(a, b, c, d, e, f, g, h, i, j, n) ORDER BY n`,
      [
        col((d) => d.linkId),
        col((d) => d.ownerId),
        col((d) => d.name),
        col((d) => d.shortCode),
        col((d) => d.originalUrl),
        col((d) => d.domainId),
        col((d) => d.ogTitle),
        col((d) => d.ogDescription),
        col((d) => d.ogImage),
        col((d) => d.at),
      ],
    );
    for (const { position, d } of created) work.add(position, { linkIds: [d.linkId] });
  }

  await applyControls(m, events, work);
  // After the controls: their UPDATE sets updated_at, this one the creation date (an import's events come in that order).
  await applyImported(
    m,
    events.filter((e) => e.type === LINK_IMPORTED).map((e) => (e as unknown as LinkImported).data),
  );
  // Imported links archived in their source (one UPDATE; lists only, as LinksProjection.apply does one by one).
  const archived = events.filter((e) => e.type === LINK_ARCHIVE_CHANGED).map((e) => (e as unknown as LinkArchiveChanged).data);
  if (archived.length)
    await m.query<unknown>(`UPDATE links l SET archived = v.archived FROM unnest($1::uuid[], $2::boolean[]) AS v(id, archived) WHERE l.id = v.id`, [
      archived.map((d) => d.linkId),
      archived.map((d) => d.archived),
    ]);
}

async function applyControls(m: EntityManager, events: StoredEvent[], work: CacheWorkQueue): Promise<void> {
  const changes = events
    .filter((e) => e.type === LINK_CONTROLS_CHANGED)
    .map((e) => ({ position: e.position, d: (e as unknown as LinkControlsChanged).data }));
  if (changes.length === 0) return;
  const ids = [...new Set(changes.map(({ d }) => d.linkId))];
  const rows = await m.query<{ id: string; controls: StoredControls | null }[]>(
    'SELECT id, controls FROM links WHERE id = ANY($1::uuid[]) FOR UPDATE',
    [ids],
  );
  const state = new Map<string, LinkState>(rows.map((r) => [r.id, { controls: r.controls }]));
  for (const { position, d } of changes) {
    const row = state.get(d.linkId);
    if (!row) continue;
    const next = applyControlChanges(row.controls ?? {}, d.changes);
    const limitSet = d.changes.maxClicks != null && row.controls?.maxClicks === undefined;
    row.controls = Object.keys(next).length ? next : null;
    row.updatedAt = d.at;
    if (d.changes.tags !== undefined) row.tags = d.changes.tags ?? [];
    if (d.changes.passwordId !== undefined) row.passwordId = d.changes.passwordId;
    work.add(position, { linkIds: [d.linkId], resetUses: limitSet ? [d.linkId] : [] });
  }
  const changed = [...state].filter(([, s]) => s.updatedAt !== undefined);
  await m.query<unknown>(
    `UPDATE links l SET controls = v.controls, updated_at = v.at,
            tags = CASE WHEN v.set_tags THEN ARRAY(SELECT jsonb_array_elements_text(v.tags)) ELSE l.tags END,
            password_id = CASE WHEN v.set_password THEN v.password_id ELSE l.password_id END
       FROM unnest($1::uuid[], $2::jsonb[], $3::timestamptz[], $4::boolean[], $5::jsonb[], $6::boolean[], $7::uuid[])
         AS v(id, controls, at, set_tags, tags, set_password, password_id)
      WHERE l.id = v.id`,
    [
      changed.map(([id]) => id),
      changed.map(([, s]) => (s.controls ? JSON.stringify(s.controls) : null)),
      changed.map(([, s]) => s.updatedAt),
      changed.map(([, s]) => s.tags !== undefined),
      changed.map(([, s]) => JSON.stringify(s.tags ?? [])),
      changed.map(([, s]) => s.passwordId !== undefined),
      changed.map(([, s]) => s.passwordId ?? null),
    ],
  );
}
