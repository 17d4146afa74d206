import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type LinkByCodeDto, type LinkDto, type WorkspaceAccess } from '@app/contracts';
import { CurrentWorkspace, InWorkspace, Public, RequireScope } from '@app/identity';
import { CreateLinkCommand, DeleteLinkCommand, GetLinkByCodeQuery, GetLinkQrQuery, GetLinksQuery, UpdateLinkCommand, type QrImage } from '@app/links';
import { parseZone } from '@app/time';
import { CreateLinkDto, UpdateLinkDto } from './link-requests.dto.js';
import { LinkByCodeResponse, LinkResponse } from './link-responses.dto.js';

type Req = Request & { id?: string };

/** Shorten URL and My Links. Regular users see and change their own links; admins every link, with its owner. */
@ApiTags('links')
@ApiBearerAuth()
@Controller('api/links')
export class LinksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @RequireScope('links:read')
  @ApiOperation({ summary: "Links, newest first; clicksToday in the caller's timezoneOffset day." })
  @ApiOkResponse({ type: LinkResponse, isArray: true })
  @InWorkspace('viewer', { adminSeesAll: true })
  list(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @Query('timezoneOffset') offset?: string,
    @Query('timeZone') timeZone?: string,
    @Query('tag') tag?: string,
  ): Promise<LinkDto[]> {
    const zone = parseZone({ timezoneOffset: offset, timeZone });
    return this.queries.execute(new GetLinksQuery(ws, zone, undefined, typeof tag === 'string' && tag ? tag : undefined));
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
  async one(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @Param('id') id: string,
    @Query('timezoneOffset') offset?: string,
    @Query('timeZone') timeZone?: string,
  ): Promise<LinkDto> {
    return (await this.queries.execute(new GetLinksQuery(ws, parseZone({ timezoneOffset: offset, timeZone }), id)))[0];
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
