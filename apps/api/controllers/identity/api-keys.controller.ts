import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsISO8601, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import {
  API_KEY_SCOPES,
  AppError,
  type ApiKeyDto,
  type ApiKeyScope,
  type CreateApiKeyRequest,
  type CreatedApiKeyDto,
  type WorkspaceAccess,
} from '@app/contracts';
import { CreateApiKeyCommand, CurrentWorkspace, GetApiKeysQuery, InWorkspace, RevokeApiKeyCommand } from '@app/identity';

export class CreateApiKeyDto implements CreateApiKeyRequest {
  @ApiProperty({ example: 'CI script', maxLength: 100 })
  @MaxLength(100, { message: 'The key name is too long (at most 100 characters).' })
  @MinLength(1, { message: 'Please give the key a name.' })
  @IsString({ message: 'Please give the key a name.' })
  name: string;

  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true, example: ['links:read'] })
  @IsIn(API_KEY_SCOPES, { each: true, message: `scopes: each scope must be one of ${API_KEY_SCOPES.join(', ')}.` })
  @ArrayMaxSize(API_KEY_SCOPES.length, { message: 'scopes: each scope at most once.' })
  @ArrayNotEmpty({ message: 'scopes: choose at least one scope.' })
  @IsArray({ message: 'scopes: choose at least one scope.' })
  scopes: ApiKeyScope[];

  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'expiresAt must be an ISO date-time in the future.' })
  expiresAt?: string | null;
}

class ApiKeyResponse implements ApiKeyDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true }) scopes: ApiKeyScope[];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) expiresAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) lastUsedAt: string | null;
}
class CreatedApiKeyResponse extends ApiKeyResponse implements CreatedApiKeyDto {
  @ApiProperty({ example: 'lp_…', description: 'Shown only in this response; send as `Authorization: Bearer lp_…`.' }) key: string;
}

/** API keys (docs/product.md#api-keys): sessions only — a key never manages keys. */
@ApiTags('api-keys')
@ApiBearerAuth()
@InWorkspace('editor')
@Controller('api/api-keys')
export class ApiKeysController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiOperation({ summary: 'A new key with scopes and an optional expiry; the key is shown only here, only its SHA-256 is stored.' })
  @ApiCreatedResponse({ type: CreatedApiKeyResponse })
  create(@CurrentWorkspace() ws: WorkspaceAccess, @Body() body: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw new AppError(400, 'expiresAt must be an ISO date-time in the future.');
    return this.commands.execute(new CreateApiKeyCommand(ws, body.name, body.scopes, expiresAt));
  }

  @Get()
  @ApiOkResponse({ type: ApiKeyResponse, isArray: true })
  list(@CurrentWorkspace() ws: WorkspaceAccess): Promise<ApiKeyDto[]> {
    return this.queries.execute(new GetApiKeysQuery(ws.workspaceId));
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Revoked: the next request with the key gets 401.' })
  async revoke(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string): Promise<Record<string, never>> {
    await this.commands.execute(new RevokeApiKeyCommand(ws.workspaceId, id));
    return {};
  }
}
