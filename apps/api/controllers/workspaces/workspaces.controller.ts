import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { ActivityDto, CreatedInvitationDto, InvitationDto, WorkspaceAccess, WorkspaceDto, WorkspaceMemberDto } from '@app/contracts';
import {
  AcceptInvitationCommand,
  ChangeMemberRoleCommand,
  CreateInvitationCommand,
  CreateWorkspaceCommand,
  CurrentUser,
  CurrentWorkspace,
  DeleteWorkspaceCommand,
  GetActivityQuery,
  GetInvitationsQuery,
  GetMembersQuery,
  GetWorkspacesQuery,
  InWorkspace,
  RemoveMemberCommand,
  RenameWorkspaceCommand,
  RevokeInvitationCommand,
  type AuthUser,
} from '@app/identity';
import { intParam } from '../analytics/query-params.js';
import { CreateInvitationDto, MemberRoleDto, WorkspaceNameDto } from './workspace.dto.js';

type Req = Request & { id?: string };
/** Routes on /api/workspaces/{id}/…: the workspace comes from the path (docs/architecture.md "Workspaces"). */
const On = (role: 'owner' | 'editor' | 'viewer') => InWorkspace(role, { param: 'id' });

/** Workspaces, their members, invitations and activity. Sessions only: API keys act inside one workspace's content. */
@ApiTags('workspaces')
@ApiBearerAuth()
@Controller('api')
export class WorkspacesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('workspaces')
  @ApiOperation({ summary: "The caller's workspaces (personal first), each with the caller's role." })
  list(@CurrentUser() user: AuthUser): Promise<WorkspaceDto[]> {
    return this.queries.execute(new GetWorkspacesQuery(user.id));
  }

  @Post('workspaces')
  create(@CurrentUser() user: AuthUser, @Body() body: WorkspaceNameDto, @Req() req: Req): Promise<WorkspaceDto> {
    return this.commands.execute(new CreateWorkspaceCommand(user.id, body.name, req.id));
  }

  @Get('workspaces/:id')
  @On('viewer')
  async one(@CurrentWorkspace() ws: WorkspaceAccess): Promise<WorkspaceDto> {
    return (await this.queries.execute(new GetWorkspacesQuery(ws.userId, ws.workspaceId)))[0];
  }

  @Put('workspaces/:id')
  @On('owner')
  rename(@CurrentWorkspace() ws: WorkspaceAccess, @Body() body: WorkspaceNameDto, @Req() req: Req): Promise<WorkspaceDto> {
    return this.commands.execute(new RenameWorkspaceCommand(ws, body.name, req.id));
  }

  @Delete('workspaces/:id')
  @On('owner')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deletes the workspace and everything it holds (its links, their clicks, domains, keys, webhooks).' })
  async remove(@CurrentWorkspace() ws: WorkspaceAccess, @Req() req: Req): Promise<Record<string, never>> {
    await this.commands.execute(new DeleteWorkspaceCommand(ws, req.id));
    return {};
  }

  @Get('workspaces/:id/members')
  @On('viewer')
  members(@CurrentWorkspace() ws: WorkspaceAccess): Promise<WorkspaceMemberDto[]> {
    return this.queries.execute(new GetMembersQuery(ws.workspaceId));
  }

  @Put('workspaces/:id/members/:userId')
  @On('owner')
  changeRole(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @Param('userId') userId: string,
    @Body() body: MemberRoleDto,
    @Req() req: Req,
  ): Promise<WorkspaceMemberDto> {
    return this.commands.execute(new ChangeMemberRoleCommand(ws, userId, body.role, req.id));
  }

  @Delete('workspaces/:id/members/:userId')
  @On('viewer')
  @HttpCode(200)
  @ApiOperation({ summary: 'An owner removes a member, or a member leaves (their own id). The last owner cannot go (400).' })
  async removeMember(@CurrentWorkspace() ws: WorkspaceAccess, @Param('userId') userId: string, @Req() req: Req): Promise<Record<string, never>> {
    await this.commands.execute(new RemoveMemberCommand(ws, userId, req.id));
    return {};
  }

  @Post('workspaces/:id/invitations')
  @On('owner')
  @ApiOperation({ summary: 'A single-use invitation link with a role, valid expiresInDays (1–30, default 7); the token is shown once.' })
  invite(@CurrentWorkspace() ws: WorkspaceAccess, @Body() body: CreateInvitationDto, @Req() req: Req): Promise<CreatedInvitationDto> {
    return this.commands.execute(new CreateInvitationCommand(ws, body.role, body.expiresInDays ?? 7, req.id));
  }

  @Get('workspaces/:id/invitations')
  @On('owner')
  invitations(@CurrentWorkspace() ws: WorkspaceAccess): Promise<InvitationDto[]> {
    return this.queries.execute(new GetInvitationsQuery(ws.workspaceId));
  }

  @Delete('workspaces/:id/invitations/:invitationId')
  @On('owner')
  @HttpCode(200)
  async revoke(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @Param('invitationId') invitationId: string,
    @Req() req: Req,
  ): Promise<Record<string, never>> {
    await this.commands.execute(new RevokeInvitationCommand(ws, invitationId, req.id));
    return {};
  }

  @Get('workspaces/:id/activity')
  @On('viewer')
  @ApiOperation({ summary: 'Who created, changed, deleted, imported and invited, newest first, from the event store (page, limit 1–100).' })
  activity(@CurrentWorkspace() ws: WorkspaceAccess, @Query('page') page?: string, @Query('limit') limit?: string): Promise<ActivityDto> {
    const p = intParam(typeof page === 'string' ? page : undefined, 'page', 1, 100_000, 1);
    const l = intParam(typeof limit === 'string' ? limit : undefined, 'limit', 1, 100, 20);
    return this.queries.execute(new GetActivityQuery(ws.workspaceId, p, l));
  }

  @Post('invitations/:token/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Joins the workspace with the invitation’s role. Single use; expired, used or revoked: 404.' })
  accept(@CurrentUser() user: AuthUser, @Param('token') token: string, @Req() req: Req): Promise<{ workspace: WorkspaceDto }> {
    return this.commands.execute(new AcceptInvitationCommand(user.id, token, req.id));
  }
}
