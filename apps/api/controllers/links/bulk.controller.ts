import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { BulkActionDto, BulkCreateResponse } from '@app/contracts';
import { CurrentUser, RequireScope, type AuthUser } from '@app/identity';
import { BulkCreateLinksCommand, GetBulkActionQuery, StartBulkActionCommand } from '@app/links';
import { BulkActionRequestDto, BulkCreateDto, bulkActionInput, checkEach } from './bulk-requests.dto.js';

type Req = Request & { id?: string };
const actorOf = (u: AuthUser) => ({ id: u.id, isAdmin: u.isAdmin });

/** Many links at once (docs/product.md#many-links): bulk create, and bulk actions run as a job with progress. */
@ApiTags('links')
@ApiBearerAuth()
@Controller('api/links')
export class BulkLinksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('bulk')
  @RequireScope('links:write')
  @ApiOperation({ summary: '1–1000 create payloads: valid ones created, each invalid one reported by index, none half-made.' })
  bulkCreate(@CurrentUser() user: AuthUser, @Body() body: BulkCreateDto, @Req() req: Req): Promise<BulkCreateResponse> {
    const { valid, invalid } = checkEach(body.links);
    return this.commands.execute(new BulkCreateLinksCommand(actorOf(user), valid, invalid, req.id));
  }

  @Post('bulk-actions')
  @RequireScope('links:write')
  @HttpCode(202)
  @ApiOperation({ summary: 'delete | archive | unarchive | addTags | removeTags | setExpiry over ids or a filter; runs as a job → {id}.' })
  startAction(@CurrentUser() user: AuthUser, @Body() body: BulkActionRequestDto, @Req() req: Req): Promise<{ id: string }> {
    return this.commands.execute(new StartBulkActionCommand(actorOf(user), bulkActionInput(body, user), req.id));
  }

  @Get('bulk-actions/:id')
  @RequireScope('links:read')
  @ApiOperation({ summary: "A bulk action's progress: {id, status, total, done, failed} (yours only; kept a day)." })
  action(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<BulkActionDto> {
    return this.queries.execute(new GetBulkActionQuery(actorOf(user), id));
  }
}
