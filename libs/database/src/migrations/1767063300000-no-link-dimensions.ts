import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LinkDimensions1767051000000, rollUpDays } from './1767051000000-link-dimensions.js';

/**
 * Issue 33 (decision 0008, "Bitmaps of each link's day"): the link bitmaps (migration LinkClickBits) answer every
 * per-link filtered read link_dims_daily answered, faster (link ids under a country over 30 days at 11M clicks:
 * 271 → 28.6 ms), so nothing reads it; the day roll-up still summed each closed day into it under the lock every
 * ingest waits on, and the ingest wrote it for late clicks. Dropped, with roll_up_days back to LinkLanguages'; down
 * recreates and back-fills it (LinkDimensions' up).
 */
export class NoLinkDimensions1767063300000 implements MigrationInterface {
  name = 'NoLinkDimensions1767063300000';

  async up(q: QueryRunner): Promise<void> {
    // roll_up_days as LinkLanguages made it: LinkDimensions' own copy of it, with nothing after link_lang_daily.
    await q.query(rollUpDays(''));
    await q.query(`DROP TABLE link_dims_daily`);
  }

  async down(q: QueryRunner): Promise<void> {
    await new LinkDimensions1767051000000().up(q);
  }
}
