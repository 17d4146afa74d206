import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { IpSummaryDto } from '@app/contracts';
import { GetIpSummaryQuery } from '@app/analytics';
import { AdminOnly } from '@app/identity';
import type { Zone } from '@app/time';
import { LocalZone } from './local-range.js';

/** IP Analytics screen (admins): IPs across every user's links. */
@ApiTags('analytics')
@ApiBearerAuth()
@AdminOnly()
@Controller('api/admin')
export class IpSummaryController {
  constructor(private readonly queries: QueryBus) {}

  @Get('ip-summary')
  @ApiOperation({ summary: 'Unique IPs, top countries and cities by unique IPs, IPs of the last 7 days, new IPs per local day of the last 30.' })
  ipSummary(@LocalZone() zone: Zone): Promise<IpSummaryDto> {
    return this.queries.execute(new GetIpSummaryQuery(zone));
  }
}
