// Links straight into the read model for the link-list benchmarks (they are about reading them): `links` rows, `mine`
// of them owned by `ownerId` and the rest by 200 other owners, names from a small vocabulary (searchable words), one in
// ten tagged, and click totals (link_stats) on a third of them. Chunks of 100,000; ends with VACUUM ANALYZE.
import { randomUUID } from 'node:crypto';

export const WORDS = ['spring', 'sale', 'blog', 'launch', 'promo', 'docs', 'careers', 'summer', 'webinar', 'pricing', 'news', 'event'];
const OTHER_OWNERS = 200;

export async function seedLinks(db, { links, mine, ownerId, onProgress = () => {} }) {
  const owners = Array.from({ length: OTHER_OWNERS }, () => randomUUID());
  for (let from = 0; from < links; from += 100_000) {
    const n = Math.min(100_000, links - from);
    await db.query(
      `INSERT INTO links (id, owner_id, name, short_code, original_url, tags, created_at, updated_at)
       SELECT gen_random_uuid(),
              CASE WHEN i < $2 THEN $3::uuid ELSE ($4::uuid[])[1 + (i % $5)] END,
              initcap(($6::text[])[1 + (i % 12)]) || ' ' || ($6::text[])[1 + ((i / 12) % 12)] || ' ' || i,
              'c' || to_hex(i) || substr(md5(i::text), 1, 4),
              'https://www.example-' || (i % 5000) || '.com/' || ($6::text[])[1 + ((i / 7) % 12)] || '/' || md5(i::text),
              CASE WHEN i % 10 = 0 THEN ARRAY[($6::text[])[1 + (i % 12)]] ELSE '{}' END,
              now() - make_interval(secs => i),
              now()
         FROM generate_series($1::int, $1::int + $7::int - 1) AS i`,
      [from, mine, ownerId, owners, OTHER_OWNERS, WORDS, n],
    );
    onProgress(from + n);
  }
  await db.query(
    `INSERT INTO link_stats (link_id, owner_id, click_count, last_click_at)
     SELECT id, owner_id, 1 + (abs(hashtext(id::text)) % 5000), now() - make_interval(secs => abs(hashtext(short_code)) % 8000000)
       FROM links WHERE abs(hashtext(id::text)) % 3 = 0`,
  );
  await db.query('VACUUM ANALYZE');
}
