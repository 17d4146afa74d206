import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type TagDto, type WorkspaceAccess } from '@app/contracts';
import { CurrentWorkspace, InWorkspace, RequireScope } from '@app/identity';
import { GetTagsQuery } from '@app/links';
import { TagResponse } from './link-responses.dto.js';

/** The caller's link tags (docs/product.md#link-controls). */
@ApiTags('links')
@ApiBearerAuth()
@Controller('api/tags')
export class TagsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @RequireScope('links:read')
  @ApiOperation({ summary: "The caller's tags with how many of their links carry each, by name." })
  @ApiOkResponse({ type: TagResponse, isArray: true })
  @InWorkspace('viewer')
  list(@CurrentWorkspace() ws: WorkspaceAccess): Promise<TagDto[]> {
    return this.queries.execute(new GetTagsQuery(ws));
  }
}
