import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { DomainDto } from '@app/contracts';
import { CurrentUser, RequireScope, type AuthUser } from '@app/identity';
import { AddDomainCommand, DeleteDomainCommand, GetDomainsQuery, RegenerateSslCommand, UpdateDomainCommand, VerifyDomainCommand } from '@app/links';
import { DomainRequestDto } from './link-requests.dto.js';
import { DomainResponse } from './link-responses.dto.js';

type Req = Request & { id?: string };

/** Custom Domains: each user (admins too) manages their own. */
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
  list(@CurrentUser() user: AuthUser): Promise<DomainDto[]> {
    return this.queries.execute(new GetDomainsQuery(user.id));
  }

  @Post()
  @RequireScope('domains:write')
  @ApiCreatedResponse({ type: DomainResponse })
  add(@CurrentUser() user: AuthUser, @Body() body: DomainRequestDto, @Req() req: Req): Promise<DomainDto> {
    return this.commands.execute(new AddDomainCommand(user.id, body.domain, req.id));
  }

  @Put(':id')
  @RequireScope('domains:write')
  @ApiOkResponse({ type: DomainResponse })
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: DomainRequestDto, @Req() req: Req): Promise<DomainDto> {
    return this.commands.execute(new UpdateDomainCommand(user.id, id, body.domain, req.id));
  }

  @Delete(':id')
  @RequireScope('domains:write')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Deleted; 409 while links still use the domain.' })
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Req): Promise<Record<string, never>> {
    await this.commands.execute(new DeleteDomainCommand(user.id, id, req.id));
    return {};
  }

  @Post(':id/verify')
  @RequireScope('domains:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Looks the TXT record `_linkpulse-challenge.{domain}` up now; verified (active) when it carries `lp-verify={token}`.' })
  @ApiOkResponse({ type: DomainResponse })
  verify(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Req): Promise<DomainDto> {
    return this.commands.execute(new VerifyDomainCommand(user.id, id, req.id));
  }

  @Post(':id/ssl/regenerate')
  @RequireScope('domains:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new RSA-2048 key and self-signed certificate (CN and SAN = the domain), stored with the domain.' })
  @ApiOkResponse({ type: DomainResponse })
  regenerateSsl(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Req): Promise<DomainDto> {
    return this.commands.execute(new RegenerateSslCommand(user.id, id, req.id));
  }
}
