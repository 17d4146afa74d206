import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, Length, MaxLength, MinLength } from 'class-validator';
import {
  LINK_LIMITS,
  SHARE_PASSWORD_MAX,
  SHARE_PASSWORD_MIN,
  type CreateShareRequest,
  type CreatedShareDto,
  type ShareDto,
  type WorkspaceAccess,
} from '@app/contracts';
import { CurrentWorkspace, InWorkspace } from '@app/identity';
import { CreateShareCommand, GetSharesQuery, RevokeShareCommand, ShareMessages } from '@app/links';
import type { ApiRequest } from '../identity/request-origin.js';

export class CreateShareDto implements CreateShareRequest {
  @ApiPropertyOptional({ format: 'uuid', description: 'The link to share (or give `tag`).' })
  @IsOptional()
  @IsString({ message: ShareMessages.oneSubject })
  linkId?: string;

  @ApiPropertyOptional({ example: 'spring-campaign', description: 'Share every link of the workspace carrying this tag (or give `linkId`).' })
  @IsOptional()
  @Length(LINK_LIMITS.tagMin, LINK_LIMITS.tagMax, { message: ShareMessages.tag })
  @IsString({ message: ShareMessages.tag })
  tag?: string;

  @ApiPropertyOptional({ nullable: true, type: String, minLength: SHARE_PASSWORD_MIN, maxLength: SHARE_PASSWORD_MAX })
  @IsOptional()
  @MaxLength(SHARE_PASSWORD_MAX, { message: ShareMessages.password })
  @MinLength(SHARE_PASSWORD_MIN, { message: ShareMessages.password })
  @IsString({ message: ShareMessages.password })
  password?: string | null;

  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: ShareMessages.expiresAt })
  expiresAt?: string | null;
}

class ShareResponse implements ShareDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) linkId: string | null;
  @ApiProperty({ nullable: true, type: String }) linkName: string | null;
  @ApiProperty({ nullable: true, type: String }) tag: string | null;
  @ApiProperty() hasPassword: boolean;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) expiresAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}
class CreatedShareResponse extends ShareResponse implements CreatedShareDto {
  @ApiProperty({ description: 'Shown only in this response (only its SHA-256 is stored).' }) token: string;
  @ApiProperty({ example: 'https://app.example/share/…', description: 'The public page: APP_URL/share/{token}.' }) url: string;
}

/**
 * Shared stats pages (docs/product.md "Shared stats"): editors create and revoke, every member lists them; sessions
 * only (no API-key scope covers them). The public page's data is PublicSharesController's.
 */
@ApiTags('shares')
@ApiBearerAuth()
@InWorkspace('editor')
@Controller('api/shares')
export class SharesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiOperation({
    summary: "A public page of one of the workspace's links or tags, with an optional password and expiry; the token is shown only here.",
  })
  @ApiCreatedResponse({ type: CreatedShareResponse })
  create(@CurrentWorkspace() ws: WorkspaceAccess, @Body() body: CreateShareDto, @Req() req: ApiRequest): Promise<CreatedShareDto> {
    const subject = { linkId: body.linkId ?? null, tag: body.tag ?? null };
    return this.commands.execute(
      new CreateShareCommand(ws, subject, body.password ?? null, body.expiresAt ? new Date(body.expiresAt) : null, req.id),
    );
  }

  @Get()
  @InWorkspace('viewer')
  @ApiQuery({ name: 'linkId', required: false, description: "Only this link's shares." })
  @ApiOkResponse({ type: ShareResponse, isArray: true })
  list(@CurrentWorkspace() ws: WorkspaceAccess, @Query('linkId') linkId?: string): Promise<ShareDto[]> {
    return this.queries.execute(new GetSharesQuery(ws.workspaceId, typeof linkId === 'string' && linkId !== '' ? linkId : null));
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Revoked: the page answers 404 from the next request on.' })
  async revoke(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string, @Req() req: ApiRequest): Promise<Record<string, never>> {
    await this.commands.execute(new RevokeShareCommand(ws, id, req.id));
    return {};
  }
}
