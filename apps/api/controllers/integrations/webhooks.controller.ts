import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ArrayNotEmpty, IsArray, IsIn, IsString, MaxLength } from 'class-validator';
import {
  WEBHOOK_EVENTS,
  type CreateWebhookRequest,
  type CreatedWebhookDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryStatus,
  type WebhookDto,
  type WebhookStatus,
  type WebhookEventType,
  type WorkspaceAccess,
} from '@app/contracts';
import { CurrentWorkspace, InWorkspace } from '@app/identity';
import { CreateWebhookCommand, DeleteWebhookCommand, GetWebhookDeliveriesQuery, GetWebhooksQuery, ResumeWebhookCommand } from '@app/integrations';

const EVENTS_MESSAGE = `events: choose at least one of ${WEBHOOK_EVENTS.join(', ')}.`;

export class CreateWebhookDto implements CreateWebhookRequest {
  @ApiProperty({ example: 'https://hooks.example.com/linkpulse' })
  @MaxLength(2048, { message: 'url must be an absolute http:// or https:// address of at most 2048 characters.' })
  @IsString({ message: 'url must be an absolute http:// or https:// address of at most 2048 characters.' })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @IsArray({ message: EVENTS_MESSAGE })
  events: WebhookEventType[];
}

class WebhookResponse implements WebhookDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() url: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true }) events: WebhookEventType[];
  @ApiProperty({
    enum: ['active', 'paused'],
    description: 'paused after WEBHOOK_PAUSE_AFTER failed attempts in a row; nothing is sent until resumed',
  })
  status: WebhookStatus;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) pausedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}
class CreatedWebhookResponse extends WebhookResponse implements CreatedWebhookDto {
  @ApiProperty({ description: 'Shown only here: verify `X-LinkPulse-Signature: t=…,v1=hex(HMAC-SHA256(secret, "{t}.{raw body}"))`.' }) secret: string;
}
class DeliveryResponse implements WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS }) event: WebhookEventType;
  @ApiProperty({ enum: ['pending', 'delivered', 'failed', 'paused'] }) status: WebhookDeliveryStatus;
  @ApiProperty() attempts: number;
  @ApiProperty({ nullable: true, type: Number }) responseStatus: number | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) deliveredAt: string | null;
  @ApiProperty({ nullable: true, type: String }) error: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When a failed attempt is tried again.' })
  nextAttemptAt: string | null;
}

/** Webhooks (docs/product.md#webhooks): the workspace's endpoints (editors); sessions only (no API-key scope covers them). */
@ApiTags('webhooks')
@ApiBearerAuth()
@InWorkspace('editor')
@Controller('api/webhooks')
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'A new endpoint for the chosen events; URLs resolving to loopback, private, link-local or metadata addresses are refused (400).',
  })
  @ApiCreatedResponse({ type: CreatedWebhookResponse })
  @ApiConflictResponse({ description: 'The workspace has WEBHOOKS_PER_WORKSPACE webhooks already (default 25).' })
  create(@CurrentWorkspace() ws: WorkspaceAccess, @Body() body: CreateWebhookDto): Promise<CreatedWebhookDto> {
    return this.commands.execute(new CreateWebhookCommand(ws.workspaceId, body.url, body.events));
  }

  @Get()
  @ApiOkResponse({ type: WebhookResponse, isArray: true })
  list(@CurrentWorkspace() ws: WorkspaceAccess): Promise<WebhookDto[]> {
    return this.queries.execute(new GetWebhooksQuery(ws.workspaceId));
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Deleted with its delivery log; nothing more is sent to it.' })
  async remove(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string): Promise<Record<string, never>> {
    await this.commands.execute(new DeleteWebhookCommand(ws.workspaceId, id));
    return {};
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume a paused webhook: it is active again and the deliveries held while it was paused are sent.' })
  @ApiOkResponse({ type: WebhookResponse })
  resume(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string): Promise<WebhookDto> {
    return this.commands.execute(new ResumeWebhookCommand(ws.workspaceId, id));
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: 'The last 50 deliveries, newest first.' })
  @ApiOkResponse({ type: DeliveryResponse, isArray: true })
  deliveries(@CurrentWorkspace() ws: WorkspaceAccess, @Param('id') id: string): Promise<WebhookDeliveryDto[]> {
    return this.queries.execute(new GetWebhookDeliveriesQuery(ws.workspaceId, id));
  }
}
