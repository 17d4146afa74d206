import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { type DomainDto, type WorkspaceAccess } from '@app/contracts';
import { CurrentWorkspace, InWorkspace, RequireScope } from '@app/identity';
import { AddDomainCommand, DeleteDomainCommand, GetDomainsQuery, RegenerateSslCommand, UpdateDomainCommand, VerifyDomainCommand } from '@app/links';
import { DomainRequestDto } from './link-requests.dto.js';
import { DomainResponse } from './link-responses.dto.js';

type Req = Request & { id?: string };

/** Custom Domains of the workspace: every member sees them, editors manage them. */
@ApiTags('domains')
@ApiBearerAuth()
@Controller('api/domains')
export class DomainsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @RequireScope('domains:read')
  @ApiOkResponse({ type: DomainResponse, isArray: true })
  @InWorkspace('viewer')
  list(@CurrentWorkspace() ws: WorkspaceAccess): Promise<DomainDto[]> {
    return this.queries.execute(new GetDomainsQuery(ws));
  }

  @Post()
  @RequireScope('domains:write')
  @ApiCreatedResponse({ type: DomainResponse })
  @InWorkspace('editor')
  add(@CurrentWorkspace() ws: WorkspaceAccess, @Body() body: DomainRequestDto, @Req() req: Req): Promise<DomainDto> {
    return this.commands.execute(new AddDomainCommand(ws, body.domain, req.id));
  }

  @Put(':id')
  @RequireScope('domains:write')
  @ApiOkResponse({ type: DomainResponse })
  @InWorkspace('editor')
  update(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string, @Body() body: DomainRequestDto, @Req() req: Req): Promise<DomainDto> {
    return this.commands.execute(new UpdateDomainCommand(ws, id, body.domain, req.id));
  }

  @Delete(':id')
  @RequireScope('domains:write')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Deleted; 409 while links still use the domain.' })
  @InWorkspace('editor')
  async remove(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string, @Req() req: Req): Promise<Record<string, never>> {
    await this.commands.execute(new DeleteDomainCommand(ws, id, req.id));
    return {};
  }

  @Post(':id/verify')
  @RequireScope('domains:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Looks the TXT record `_linkpulse-challenge.{domain}` up now; verified (active) when it carries `lp-verify={token}`.' })
  @ApiOkResponse({ type: DomainResponse })
  @InWorkspace('editor')
  verify(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string, @Req() req: Req): Promise<DomainDto> {
    return this.commands.execute(new VerifyDomainCommand(ws, id, req.id));
  }

  @Post(':id/ssl/regenerate')
  @RequireScope('domains:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new RSA-2048 key and self-signed certificate (CN and SAN = the domain), stored with the domain.' })
  @ApiOkResponse({ type: DomainResponse })
  @InWorkspace('editor')
  regenerateSsl(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string, @Req() req: Req): Promise<DomainDto> {
    return this.commands.execute(new RegenerateSslCommand(ws, id, req.id));
  }
}
