import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { BulkActionDto, BulkCreateResponse, WorkspaceAccess } from '@app/contracts';
import { CurrentWorkspace, InWorkspace, RequireScope } from '@app/identity';
import { BulkCreateLinksCommand, GetBulkActionQuery, StartBulkActionCommand } from '@app/links';
import { BodyLimit } from '../../platform/body-parsing.js';
import { BULK_BODY_LIMIT_BYTES, BulkActionRequestDto, BulkCreateDto, bulkActionInput, checkEach } from './bulk-requests.dto.js';

type Req = Request & { id?: string };

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
  @BodyLimit(BULK_BODY_LIMIT_BYTES)
  @InWorkspace('editor')
  @ApiOperation({ summary: '1–1000 create payloads: valid ones created, each invalid one reported by index, none half-made.' })
  bulkCreate(@CurrentWorkspace() ws: WorkspaceAccess, @Body() body: BulkCreateDto, @Req() req: Req): Promise<BulkCreateResponse> {
    const { valid, invalid } = checkEach(body.links);
    return this.commands.execute(new BulkCreateLinksCommand(ws, valid, invalid, req.id));
  }

  @Post('bulk-actions')
  @RequireScope('links:write')
  @HttpCode(202)
  @ApiOperation({ summary: 'delete | archive | unarchive | addTags | removeTags | setExpiry over ids or a filter; runs as a job → {id}.' })
  @InWorkspace('editor', { adminSeesAll: true })
  startAction(@CurrentWorkspace() ws: WorkspaceAccess, @Body() body: BulkActionRequestDto, @Req() req: Req): Promise<{ id: string }> {
    return this.commands.execute(new StartBulkActionCommand(ws, bulkActionInput(body, ws), req.id));
  }

  @Get('bulk-actions/:id')
  @RequireScope('links:read')
  @ApiOperation({ summary: "A bulk action's progress: {id, status, total, done, failed} (yours only; kept a day)." })
  @InWorkspace('viewer', { adminSeesAll: true })
  action(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string): Promise<BulkActionDto> {
    return this.queries.execute(new GetBulkActionQuery(ws, id));
  }
}
