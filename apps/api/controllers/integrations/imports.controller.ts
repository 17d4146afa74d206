import { Body, Controller, Get, HttpCode, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID } from 'class-validator';
import {
  AppError,
  IMPORT_FORMATS,
  type ImportAcceptedDto,
  type ImportFormat,
  type ImportPreviewDto,
  type ImportResultDto,
  type WorkspaceAccess,
} from '@app/contracts';
import { CurrentWorkspace, InWorkspace, RequireScope } from '@app/identity';
import { GetImportQuery, StartImportCommand } from '@app/integrations';
import { BodyLimit } from '../../platform/body-parsing.js';

/** Bodies up to this size on POST /api/imports only (JSON and multipart); every other route keeps the small limit. */
export const IMPORT_BODY_LIMIT_BYTES = 20 * 1024 * 1024;

/**
 * The upload's multipart limits (docs/security.md "Imports"): one file, the four text fields of the form (format,
 * domainId, dryRun, content) and nothing else; field names short; a text field as large as a file (`content`).
 */
export const IMPORT_MULTIPART_LIMITS = {
  fileSize: IMPORT_BODY_LIMIT_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
  fieldNameSize: 32,
  fieldSize: IMPORT_BODY_LIMIT_BYTES,
  headerPairs: 20,
};

export class StartImportDto {
  @ApiProperty({ enum: IMPORT_FORMATS })
  @IsString({ message: `format must be one of ${IMPORT_FORMATS.join(', ')}.` })
  format: ImportFormat;

  @ApiPropertyOptional({ description: 'The export file as text (JSON body); or upload it as multipart field `file`.' })
  @IsOptional()
  @IsString({ message: 'content must be the file as text.' })
  content?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'One of your active custom domains for the imported links.' })
  @IsOptional()
  @IsUUID('all', { message: 'domainId: please choose one of your verified custom domains, or the default domain.' })
  domainId?: string;

  @ApiPropertyOptional({ description: 'true: answer 200 with the preview {total, wouldCreate, skipped, notes} and change nothing.' })
  @IsOptional()
  @IsIn([true, false, 'true', 'false'], { message: 'dryRun must be true or false.' })
  dryRun?: boolean | 'true' | 'false';
}

/** Import (docs/product.md#imports-and-exports): parsed at once (a malformed file is a 400), run by the worker with progress on /live. */
@ApiTags('imports')
@ApiBearerAuth()
@Controller('api/imports')
export class ImportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(202)
  @RequireScope('links:write')
  @BodyLimit(IMPORT_BODY_LIMIT_BYTES)
  @UseInterceptors(FileInterceptor('file', { limits: IMPORT_MULTIPART_LIMITS }))
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOperation({
    summary:
      'Start an import of csv, bitly, yourls, kutt, shlink or dub link exports (up to 20 MB) → 202 {id}; with dryRun: true → 200 the preview. One import per user at a time (409).',
  })
  @ApiAcceptedResponse({ description: '{ id }' })
  @ApiOkResponse({ description: 'dryRun: { total, wouldCreate, skipped: [{row, reason}], notes: [{row, note}], shape }' })
  @InWorkspace('editor')
  async start(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @Body() body: StartImportDto,
    @Res({ passthrough: true }) res: Response,
    @UploadedFile() file?: { buffer: Buffer },
  ): Promise<ImportAcceptedDto | ImportPreviewDto> {
    // An upload stays bytes: its encoding (UTF-8, Windows-1252) is detected on the parse thread.
    const content = file ? new Uint8Array(file.buffer) : body.content;
    if (content === undefined) throw new AppError(400, 'content: send the file as text (JSON) or upload it as the multipart field "file".');
    const dryRun = body.dryRun === true || body.dryRun === 'true';
    if (dryRun) res.status(200);
    const startedBy = { userId: ws.userId, apiKeyId: ws.apiKeyId, apiKeyName: ws.apiKeyName ?? null };
    return this.commands.execute(new StartImportCommand(ws.workspaceId, body.format, content, body.domainId ?? null, dryRun, startedBy));
  }

  @Get(':id')
  @RequireScope('links:read')
  @ApiOkResponse({ description: '{ id, status, total, created, skipped: [{row, reason}], processed, error }' })
  @InWorkspace('viewer')
  result(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string): Promise<ImportResultDto> {
    return this.queries.execute(new GetImportQuery(ws.workspaceId, id));
  }
}
