import { Controller, Get, Param, Res, UseInterceptors } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { GetPerformanceQuery, buildReport, countsOnly, parseExportFormat, renderReport, type PerformanceRowDto } from '@app/analytics';
import { CurrentWorkspace, InWorkspace, ReadsLinks, RequireScope } from '@app/identity';
import type { WorkspaceAccess } from '@app/contracts';
import { localDateString } from '@app/time';
import { FilteredRangeQuery, type FilteredRange } from './local-range.js';
import { FilteredReadInterceptor } from './filtered-read-gate.js';

/** Performance data of a range as a downloadable CSV, JSON or standalone HTML report. */
@ApiTags('analytics')
@ApiBearerAuth()
@RequireScope('analytics:read')
@InWorkspace('viewer', { adminSeesAll: true })
@Controller('api/export')
@UseInterceptors(FilteredReadInterceptor)
export class ExportController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':format')
  @ApiOperation({
    summary:
      "Attachment performance-YYYY-MM-DD.{csv|json|html} (today in the caller's zone); default range last 30 days. An API key without links:read gets counts only: no link names or destinations.",
  })
  @ApiProduces('text/csv', 'application/json', 'text/html')
  async export(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @Param('format') rawFormat: string,
    @FilteredRangeQuery(30) { range, filters }: FilteredRange,
    @Res({ passthrough: true }) res: Response,
    @ReadsLinks() readsLinks: boolean,
  ): Promise<string> {
    const format = parseExportFormat(rawFormat);
    const now = new Date();
    const links: PerformanceRowDto[] = await this.queries.execute(new GetPerformanceQuery(ws, range, now, filters));
    const { body, contentType } = renderReport(buildReport(readsLinks ? links : links.map(countsOnly), range, now), format);
    res.setHeader('Content-Type', contentType);
    res.setHeader('Content-Disposition', `attachment; filename="performance-${localDateString(now, range.zone)}.${format}"`);
    res.setHeader('Cache-Control', 'no-store');
    return body;
  }
}
