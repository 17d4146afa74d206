import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { LinkByCodeDto, LinkDto, WorkspaceAccess } from '@app/contracts';
import { CurrentWorkspace, InWorkspace, RequireScope, Public } from '@app/identity';
import {
  CreateLinkCommand,
  DeleteLinkCommand,
  GetLinkByCodeQuery,
  GetLinkPageQuery,
  GetLinkQrQuery,
  GetLinkQuery,
  OWNER_NAMES,
  streamLinks,
  UpdateLinkCommand,
  type OwnerNames,
  type QrImage,
} from '@app/links';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { DataSource } from 'typeorm';
import { parseZone, type Zone } from '@app/time';
import { LocalZone } from '../analytics/local-range.js';
import { LinkListQueryDto, parseLinkList } from './link-list-query.js';
import { CreateLinkDto, UpdateLinkDto } from './link-requests.dto.js';
import { LinkByCodeResponse, LinkResponse } from './link-responses.dto.js';

type Req = Request & { id?: string };

/**
 * Shorten URL and My Links, in the call's workspace (docs/architecture.md "Workspaces"): viewers read, editors change;
 * the admin naming no workspace sees and changes every link, with its owner.
 */
@ApiTags('links')
@ApiBearerAuth()
@Controller('api/links')
export class LinksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OWNER_NAMES) private readonly ownerNames: OwnerNames,
  ) {}

  @Get()
  @RequireScope('links:read')
  @ApiOperation({
    summary:
      'With `limit`: one page `{data, total, page, limit}` filtered by search/tag/domainId/archived and sorted. Without: every link as an array, streamed.',
  })
  @ApiOkResponse({ type: LinkResponse, isArray: true })
  @InWorkspace('viewer', { adminSeesAll: true })
  async list(@CurrentWorkspace() ws: WorkspaceAccess, @Query() query: LinkListQueryDto, @Res() res: Response): Promise<void> {
    const { filter, order, page, zone } = parseLinkList(query, ws);
    if (page) {
      res.json(await this.queries.execute(new GetLinkPageQuery(filter, order, page.page, page.limit, zone, ws.everyWorkspace)));
      return;
    }
    res.type('application/json');
    const selection = { filter, order, zone, ownerNames: ws.everyWorkspace ? this.ownerNames : null, shortBaseUrl: this.config.shortBaseUrl };
    try {
      await streamLinks(this.dataSource, selection, res);
    } catch (err) {
      if (!res.headersSent) throw err;
      res.destroy(err instanceof Error ? err : undefined); // mid-array: the client sees a cut body, never a wrong one
    }
  }

  @Post()
  @RequireScope('links:write')
  @ApiCreatedResponse({ type: LinkResponse })
  @InWorkspace('editor')
  create(@CurrentWorkspace() ws: WorkspaceAccess, @Body() body: CreateLinkDto, @Req() req: Req): Promise<LinkDto> {
    return this.commands.execute(new CreateLinkCommand(ws, body, req.id));
  }

  @Get('by-code/:code')
  @Public()
  @ApiOperation({ summary: 'Original URL of a short code: on `?domain=` or the request host if it is a custom domain, else the default host.' })
  @ApiOkResponse({ type: LinkByCodeResponse })
  byCode(@Param('code') code: string, @Query('domain') domain?: string, @Headers('host') host?: string): Promise<LinkByCodeDto> {
    return this.queries.execute(new GetLinkByCodeQuery(code, hostnameOf(domain || host)));
  }

  @Get(':id/qr')
  @RequireScope('links:read')
  @ApiOperation({ summary: 'QR code of the short URL with ?qr=1 (format svg|png, default svg; size 128..2048, default 512).' })
  @ApiOkResponse({ description: 'image/svg+xml or image/png' })
  @InWorkspace('viewer', { adminSeesAll: true })
  async qr(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @Param('id') id: string,
    @Res() res: Response,
    @Query('format') format?: string,
    @Query('size') size?: string,
  ): Promise<void> {
    const image: QrImage = await this.queries.execute(new GetLinkQrQuery(ws, id, format, size));
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.send(image.body);
  }

  @Get(':id')
  @RequireScope('links:read')
  @ApiOperation({ summary: 'One link (404 when not yours).' })
  @ApiOkResponse({ type: LinkResponse })
  @InWorkspace('viewer', { adminSeesAll: true })
  one(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string, @LocalZone() zone: Zone): Promise<LinkDto> {
    return this.queries.execute(new GetLinkQuery(ws, id, zone));
  }

  @Put(':id')
  @RequireScope('links:write')
  @ApiOkResponse({ type: LinkResponse })
  @InWorkspace('editor', { adminSeesAll: true })
  update(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @Param('id') id: string,
    @Body() body: UpdateLinkDto,
    @Req() req: Req,
    @Query('timezoneOffset') offset?: string,
    @Query('timeZone') timeZone?: string,
  ): Promise<LinkDto> {
    return this.commands.execute(new UpdateLinkCommand(ws, id, body, parseZone({ timezoneOffset: offset, timeZone }), req.id));
  }

  @Delete(':id')
  @RequireScope('links:write')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The link, its clicks and statistics are gone; the short URL stops working at once.' })
  @InWorkspace('editor', { adminSeesAll: true })
  async remove(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string, @Req() req: Req): Promise<Record<string, never>> {
    await this.commands.execute(new DeleteLinkCommand(ws, id, req.id));
    return {};
  }
}

/** Host name of a Host header or `?domain=` value: lowercased, no port. */
function hostnameOf(value: string | undefined): string | null {
  if (!value) return null;
  const h = value.trim().toLowerCase();
  return h.startsWith('[') ? h : h.replace(/:\d*$/, '') || null;
}
