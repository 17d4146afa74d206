import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { GetPerformanceQuery, buildReport, parseExportFormat, renderReport, scopeOf, type PerformanceRowDto } from '@app/analytics';
import { CurrentUser, type AuthUser } from '@app/identity';
import { localDateString, parseTimezoneOffset, resolveRange } from '@app/time';
import { RangeQueryDto } from './analytics-query.dto.js';

/** Performance data of a range as a downloadable CSV, JSON or standalone HTML report. */
@ApiTags('analytics')
@ApiBearerAuth()
@Controller('api/export')
export class ExportController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':format')
  @ApiOperation({ summary: 'Attachment performance-YYYY-MM-DD.{csv|json|html} (today in the caller\'s zone); default range last 30 days.' })
  @ApiProduces('text/csv', 'application/json', 'text/html')
  async export(
    @CurrentUser() user: AuthUser,
    @Param('format') rawFormat: string,
    @Query() q: RangeQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const format = parseExportFormat(rawFormat);
    const offset = parseTimezoneOffset(q.timezoneOffset);
    const range = resolveRange(q, offset, 30);
    const now = new Date();
    const links: PerformanceRowDto[] = await this.queries.execute(new GetPerformanceQuery(scopeOf(user), range, this.config.shortBaseUrl, now));
    const { body, contentType } = renderReport(buildReport(links, range, now), format);
    res.setHeader('Content-Type', contentType);
    res.setHeader('Content-Disposition', `attachment; filename="performance-${localDateString(now, offset)}.${format}"`);
    res.setHeader('Cache-Control', 'no-store');
    return body;
  }
}
