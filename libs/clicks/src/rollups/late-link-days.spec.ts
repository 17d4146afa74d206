import { lateLinkDays } from './late-link-days.js';

describe('lateLinkDays', () => {
  it('groups the non-bot clicks of days before the boundary by UTC day, links sorted, days in order', () => {
    const clicks = [
      { linkId: 'b', at: '2026-11-26T23:59:59.999Z', isBot: false },
      { linkId: 'a', at: '2026-11-26T00:00:00.000Z', isBot: false },
      { linkId: 'b', at: '2026-11-26T10:00:00.000Z', isBot: false },
      { linkId: 'c', at: '2026-11-25T12:00:00.000Z', isBot: true },
      { linkId: 'c', at: '2026-11-24T12:00:00.000Z', isBot: false },
      { linkId: 'a', at: '2026-11-27T00:00:00.000Z', isBot: false },
    ];
    expect([...lateLinkDays(clicks, '2026-11-27')]).toEqual([
      ['2026-11-24', ['c']],
      ['2026-11-26', ['a', 'b']],
    ]);
  });

  it('finds none when every click is of an open day', () => {
    expect(lateLinkDays([{ linkId: 'a', at: '2026-11-27T08:00:00.000Z', isBot: false }], '2026-11-27').size).toBe(0);
  });
});
