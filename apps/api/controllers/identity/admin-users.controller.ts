import { Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { ResetPasswordResponse, UserDto } from '@app/contracts';
import {
  AdminOnly,
  ApproveUserCommand,
  CurrentUser,
  DeleteUserCommand,
  GetUsersQuery,
  IdentityErrors,
  ResetPasswordCommand,
  type AuthUser,
} from '@app/identity';
import { UserResponse } from './user.dto.js';

/** A malformed id is answered like an unknown one. */
const userId = new ParseUUIDPipe({ exceptionFactory: () => IdentityErrors.userNotFound() });

/** User Management: the approval queue, approve, reject (delete a pending user) and delete. Admins only. */
@ApiTags('admin users')
@ApiBearerAuth()
@AdminOnly()
@Controller('api/admin/users')
export class AdminUsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOkResponse({ type: UserResponse, isArray: true })
  list(): Promise<UserDto[]> {
    return this.queries.execute(new GetUsersQuery(false));
  }

  @Get('pending')
  @ApiOkResponse({ type: UserResponse, isArray: true })
  pending(): Promise<UserDto[]> {
    return this.queries.execute(new GetUsersQuery(true));
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiOkResponse({ type: UserResponse })
  approve(@Param('id', userId) id: string, @CurrentUser() admin: AuthUser, @Req() req: Request & { id?: string }): Promise<UserDto> {
    return this.commands.execute(new ApproveUserCommand(id, admin.id, req.id));
  }

  @Post(':id/reset-password')
  @HttpCode(200)
  @ApiOperation({
    summary: "A temporary password (shown only here): the user's sessions end, and they must choose a new password after signing in.",
  })
  resetPassword(
    @Param('id', userId) id: string,
    @CurrentUser() admin: AuthUser,
    @Req() req: Request & { id?: string },
  ): Promise<ResetPasswordResponse> {
    return this.commands.execute(new ResetPasswordCommand(id, admin.id, req.id));
  }

  @Delete(':id')
  @ApiOkResponse({ description: 'The account, its sessions and everything it owned are gone.' })
  async remove(
    @Param('id', userId) id: string,
    @CurrentUser() admin: AuthUser,
    @Req() req: Request & { id?: string },
  ): Promise<Record<string, never>> {
    await this.commands.execute(new DeleteUserCommand(id, admin.id, req.id));
    return {};
  }
}
