import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { IsOptional, IsString } from 'class-validator';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { AppError, LINK_EXPORT_FORMATS, type LinkExportFormat, type WorkspaceAccess } from '@app/contracts';
import { assertLinkInScope, ReadGate, streamRawClicks, toCsv, type ExportLimits } from '@app/analytics';
import { CurrentWorkspace, InWorkspace, RequireScope } from '@app/identity';
import { selectLinksForExport } from '@app/links';
import { parseTimezoneOffset, resolveRange } from '@app/time';
import { FilteredRangeQueryDto, parseFilters } from '../analytics/filter-query.js';

function formatOf(raw: string | undefined): LinkExportFormat {
  const format = (raw ?? 'csv').toLowerCase();
  if (!LINK_EXPORT_FORMATS.includes(format as LinkExportFormat)) throw new AppError(400, 'format must be csv or json.');
  return format as LinkExportFormat;
}

function attach(res: Response, format: LinkExportFormat, name: string): void {
  res.setHeader('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}.${format}"`);
  res.setHeader('Cache-Control', 'no-store');
}

class ClicksExportQueryDto extends FilteredRangeQueryDto {
  @IsOptional()
  @IsString()
  format?: string;
}

/**
 * Exports (docs/product.md#imports-and-exports). Registered before LinksController so `/api/links/export` is never read as a link id.
 */
@ApiTags('links')
@ApiBearerAuth()
@Controller('api/links')
export class LinkExportController {
  /** Raw-click exports' share of the pool and stall timeout (docs/security.md "Exports"). */
  private readonly exportLimits: ExportLimits;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.exportLimits = { gate: new ReadGate(config.exportConnections), stallMs: config.exportStallMs };
  }

  @Get('export')
  @RequireScope('links:read')
  @ApiOperation({ summary: 'Every link of the caller with all its fields, as CSV or JSON (attachment links-export.{csv|json}).' })
  @ApiQuery({ name: 'format', enum: LINK_EXPORT_FORMATS, required: false })
  @ApiProduces('text/csv', 'application/json')
  @InWorkspace('viewer')
  async exportLinks(@CurrentWorkspace() ws: WorkspaceAccess, @Res() res: Response, @Query('format') raw?: string): Promise<void> {
    const format = formatOf(raw);
    const records = await selectLinksForExport(this.dataSource, ws.workspaceId, this.config.shortBaseUrl);
    attach(res, format, 'links-export');
    if (format === 'json') return void res.send(JSON.stringify(records));
    const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
    const cell = (v: unknown) =>
      Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.join(';') : v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
    res.send(toCsv([columns.length ? columns : ['id'], ...records.map((r) => columns.map((c) => cell(r[c])))]));
  }

  @Get(':id/clicks')
  @RequireScope('analytics:read')
  @ApiOperation({
    summary:
      "The link's raw clicks (bots marked with isBot), oldest first, streamed; all of them unless startDate and endDate are given; only those that match the filters.",
  })
  @ApiQuery({ name: 'format', enum: LINK_EXPORT_FORMATS, required: false })
  @ApiProduces('text/csv', 'application/json')
  @InWorkspace('viewer', { adminSeesAll: true })
  async exportClicks(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @Param('id') id: string,
    @Query() q: ClicksExportQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    const format = formatOf(q.format);
    const ranged = q.startDate !== undefined || q.endDate !== undefined;
    const range = ranged ? resolveRange(q, parseTimezoneOffset(q.timezoneOffset), 7) : null;
    const filters = parseFilters(q);
    await assertLinkInScope(this.dataSource, ws, id);
    attach(res, format, `clicks-${id}`);
    await streamRawClicks(this.dataSource, id, range, format, res, this.exportLimits, filters).catch((err) => {
      if (!res.headersSent) throw err;
      res.destroy(err);
    });
  }
}
