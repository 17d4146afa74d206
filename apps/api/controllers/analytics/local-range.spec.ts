import 'reflect-metadata';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import type { PipeTransform } from '@nestjs/common';
import type { LocalRange, Zone } from '@app/time';
import { OffsetQueryDto, RangeQueryDto } from './analytics-query.dto.js';
import { LocalRangeQuery, LocalZone } from './local-range.js';

class Probe {
  range(@LocalRangeQuery(7) range: LocalRange): LocalRange {
    return range;
  }
  zone(@LocalZone() zone: Zone): Zone {
    return zone;
  }
}

const pipeOf = (method: string): PipeTransform => {
  const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, Probe, method) as Record<string, { pipes: PipeTransform[] }>;
  return Object.values(args)[0].pipes[0];
};

describe('LocalRange parameter decorators', () => {
  it('declare the query DTO as the parameter type, so validation and the OpenAPI document see it', () => {
    expect(Reflect.getMetadata('design:paramtypes', Probe.prototype, 'range')).toEqual([RangeQueryDto]);
    expect(Reflect.getMetadata('design:paramtypes', Probe.prototype, 'zone')).toEqual([OffsetQueryDto]);
  });

  it('hand the route the parsed range, with the same 400 messages', () => {
    const pipe = pipeOf('range');
    expect(pipe.transform({ timezoneOffset: '-330', startDate: '2026-11-01', endDate: '2026-11-02' }, { type: 'query' })).toMatchObject({
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      zone: -330,
    });
    expect(() => pipe.transform({ startDate: '2026-11-01' }, { type: 'query' })).toThrow('Give both startDate and endDate, or neither.');
    expect(() => pipe.transform({ timezoneOffset: '7' }, { type: 'query' })).toThrow(
      'timezoneOffset must be between -840 and 840 minutes and a multiple of 15.',
    );
    expect(pipeOf('zone').transform({ timeZone: 'Europe/Berlin' }, { type: 'query' })).toBe('Europe/Berlin');
  });
});
