import { SqlParams } from './sql-params.js';
import { ROLLUPS, localDaySql, rollupRangeSql, shiftedWindows, splitRange } from './rollup-range.js';

describe('splitRange', () => {
  it('reads whole UTC days from the daily table and the edges from 15-minute buckets', () => {
    // India, Nov 1..Nov 3 local = [Oct 31 18:30Z, Nov 3 18:30Z)
    const s = splitRange(new Date('2026-10-31T18:30:00Z'), new Date('2026-11-03T18:30:00Z'));
    expect(s.days).toEqual(['2026-11-01', '2026-11-03']);
    expect(s.edges.map(([a, b]) => [a.toISOString(), b.toISOString()])).toEqual([
      ['2026-10-31T18:30:00.000Z', '2026-11-01T00:00:00.000Z'],
      ['2026-11-03T00:00:00.000Z', '2026-11-03T18:30:00.000Z'],
    ]);
  });
  it('needs no edges at offset 0 and no days for a single shifted day', () => {
    expect(splitRange(new Date('2026-11-01T00:00:00Z'), new Date('2026-11-02T00:00:00Z'))).toEqual({ days: ['2026-11-01', '2026-11-02'], edges: [] });
    const one = splitRange(new Date('2026-11-01T08:00:00Z'), new Date('2026-11-02T08:00:00Z'));
    expect(one.days).toBeNull();
    expect(one.edges).toHaveLength(1);
    expect(splitRange(new Date('2026-11-02T00:00:00Z'), new Date('2026-11-02T00:00:00Z'))).toEqual({ days: null, edges: [] });
  });
});

describe('rollup SQL', () => {
  it('unions the daily rows and the edge buckets with shared filters', () => {
    const p = new SqlParams();
    const where = `owner_id = ${p.add('u1')}`;
    const sql = rollupRangeSql(ROLLUPS.ownerClicks, { from: new Date('2026-10-31T18:30:00Z'), to: new Date('2026-11-03T18:30:00Z') }, p, '', where);
    expect(sql).toContain('FROM owner_clicks_daily WHERE owner_id = $1 AND day >= $2::date AND day < $3::date');
    expect(sql).toContain(
      'UNION ALL SELECT clicks FROM owner_clicks_15m WHERE owner_id = $1 AND ((bucket >= $4 AND bucket < $5) OR (bucket >= $6 AND bucket < $7)' +
        " OR (bucket >= GREATEST($8::timestamptz, ((SELECT rolled_before FROM rollup_days)::timestamp AT TIME ZONE 'UTC')) AND bucket < $9))",
    );
    // The whole days' 15-minute window starts at their first midnight or at the first day not rolled up, if later.
    expect(p.values.slice(7)).toEqual([new Date('2026-11-01T00:00:00Z'), new Date('2026-11-03T00:00:00Z')]);
  });
  it('reads each 15-minute window apart when asked, one range of the key each', () => {
    const p = new SqlParams();
    const where = `link_id = ${p.add('l1')}`;
    const range = { from: new Date('2026-10-31T18:30:00Z'), to: new Date('2026-11-03T18:30:00Z') };
    const sql = rollupRangeSql(ROLLUPS.linkGeo, range, p, 'country_code', where, { windowsApart: true });
    expect(sql).toContain(
      'UNION ALL SELECT country_code, clicks FROM link_geo_15m WHERE link_id = $1 AND (bucket >= $4 AND bucket < $5)' +
        ' UNION ALL SELECT country_code, clicks FROM link_geo_15m WHERE link_id = $1 AND (bucket >= $6 AND bucket < $7)' +
        " UNION ALL SELECT country_code, clicks FROM link_geo_15m WHERE link_id = $1 AND (bucket >= GREATEST($8::timestamptz, ((SELECT rolled_before FROM rollup_days)::timestamp AT TIME ZONE 'UTC')) AND bucket < $9)",
    );
  });
  it('groups per local day from daily rows at offset 0 and from shifted buckets otherwise', () => {
    const p = new SqlParams();
    expect(
      localDaySql(
        ROLLUPS.linkClicks,
        { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-03T00:00:00Z'), zone: 0 },
        p,
        'link_id',
        'TRUE',
      ),
    ).toContain('day AS d');
    expect(p.values).toEqual(['2026-11-01', '2026-11-03', new Date('2026-11-01T00:00:00Z'), new Date('2026-11-03T00:00:00Z')]);
    const q = new SqlParams();
    expect(
      localDaySql(ROLLUPS.linkClicks, { from: new Date('2026-11-01T08:00:00Z'), to: new Date('2026-11-03T08:00:00Z'), zone: 480 }, q, '', 'TRUE'),
    ).toContain("((bucket AT TIME ZONE 'UTC') - make_interval(mins => $1))::date AS d");
  });
});

describe('shiftedWindows', () => {
  const hhmm = (windows: [Date, Date][]) => windows.map((w) => w.map((d) => d.toISOString().slice(11, 16)).join('-'));
  it('takes the last hours of a UTC day east of UTC and the first ones west of it', () => {
    expect(hhmm(shiftedWindows('2026-11-02', -330))).toEqual(['18:30-00:00']);
    expect(hhmm(shiftedWindows('2026-11-02', 480))).toEqual(['00:00-08:00']);
    expect(hhmm(shiftedWindows('2026-11-02', 'Asia/Kathmandu'))).toEqual(['18:15-00:00']);
    expect(shiftedWindows('2026-11-02', 'UTC')).toEqual([]);
  });
  it('takes both offsets of a day on which daylight saving changes', () => {
    // New York left daylight saving on Nov 1, 2026 at 06:00 UTC: local midnight was 04:00 UTC, the next one 05:00.
    expect(hhmm(shiftedWindows('2026-11-01', 'America/New_York'))).toEqual(['00:00-05:00']);
    expect(hhmm(shiftedWindows('2026-10-30', 'America/New_York'))).toEqual(['00:00-04:00']);
    // London: UTC in winter, UTC+1 in summer; on Mar 29, 2026 its day ends at 23:00 UTC.
    expect(hhmm(shiftedWindows('2026-03-29', 'Europe/London'))).toEqual(['23:00-00:00']);
  });
});
