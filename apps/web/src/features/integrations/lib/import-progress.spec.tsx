import { describe, expect, it } from '@jest/globals';
import type { ImportProgressEvent, ImportResultDto } from '@app/contracts';
import { latestEvent, mergeProgress, percentOf } from './import-progress';

const event = (processed: number, status: ImportProgressEvent['status'] = 'running', id = 'imp1'): ImportProgressEvent => ({
  id,
  status,
  total: 200,
  processed,
  created: processed,
  skipped: 0,
});
const server = (over: Partial<ImportResultDto> = {}): ImportResultDto => ({
  id: 'imp1',
  status: 'running',
  total: 200,
  created: 10,
  skipped: [],
  processed: 10,
  error: null,
  notes: [],
  ...over,
});

describe('import progress', () => {
  it('keeps the furthest socket event, and an ending event over any running one', () => {
    expect(latestEvent(undefined, event(5))).toEqual(event(5));
    expect(latestEvent(event(50), event(40))).toEqual(event(50));
    expect(latestEvent(event(50), event(60))).toEqual(event(60));
    expect(latestEvent(event(50), event(200, 'done'))).toEqual(event(200, 'done'));
    expect(latestEvent(event(200, 'done'), event(150))).toEqual(event(200, 'done'));
    expect(latestEvent(event(150), event(3, 'running', 'imp2'))).toEqual(event(3, 'running', 'imp2'));
  });

  it('shows the socket counts while they are ahead of the api, the api once it has ended', () => {
    expect(mergeProgress(server(), event(120))).toMatchObject({ status: 'running', processed: 120, created: 120, total: 200 });
    expect(mergeProgress(server({ processed: 150, created: 140 }), event(120))).toMatchObject({ processed: 150, created: 140 });
    const done = server({
      status: 'done',
      processed: 200,
      created: 198,
      skipped: [
        { row: 4, reason: 'Short code "x" is taken' },
        { row: 9, reason: 'url is required' },
      ],
    });
    expect(mergeProgress(done, event(120))).toBe(done);
    expect(mergeProgress(server(), event(120, 'running', 'other'))).toEqual(server());
  });

  it('before the api answers, the socket alone gives a running import without rows', () => {
    expect(mergeProgress(undefined, undefined)).toBeUndefined();
    expect(mergeProgress(undefined, event(30, 'done'))).toEqual({
      id: 'imp1',
      status: 'running',
      total: 200,
      created: 30,
      processed: 30,
      skipped: [],
      notes: [],
      error: null,
    });
  });

  it('percent: floor of processed / total, 0 without a total, 100 when done', () => {
    expect(percentOf({ status: 'running', total: 0, processed: 0 })).toBe(0);
    expect(percentOf({ status: 'running', total: 3, processed: 2 })).toBe(66);
    expect(percentOf({ status: 'running', total: 200, processed: 250 })).toBe(100);
    expect(percentOf({ status: 'done', total: 0, processed: 0 })).toBe(100);
    expect(percentOf({ status: 'failed', total: 10, processed: 4 })).toBe(40);
  });
});
