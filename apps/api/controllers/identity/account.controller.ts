import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SessionDto, TwoFactorEnabledResponse, TwoFactorSetupResponse, UserDto } from '@app/contracts';
import {
  AllowMustChangePassword,
  AllowUnapproved,
  ChangePasswordCommand,
  DeleteOwnAccountCommand,
  FRESH_SIGN_IN_MINUTES,
  CurrentSessionHash,
  CurrentUser,
  DisableTwoFactorCommand,
  EnableTwoFactorCommand,
  EndSessionCommand,
  GetSessionsQuery,
  SetupTwoFactorCommand,
  type AuthUser,
} from '@app/identity';
import { ChangePasswordDto, DeleteAccountDto, DisableTwoFactorDto, TwoFactorCodeDto } from './account.dto.js';
import { clientIp, type ApiRequest } from './request-origin.js';
import { MeResponse, SessionResponse } from './user.dto.js';

/** The Account screen's calls: password, sessions, two-factor sign-in, deleting the account. Sessions only (never an API key). */
@ApiTags('account')
@ApiBearerAuth()
@AllowUnapproved()
@Controller('api/auth')
export class AccountController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('password')
  @HttpCode(200)
  @AllowMustChangePassword()
  @ApiOperation({ summary: 'A new password; every other session of the user ends at once.' })
  @ApiOkResponse({ type: MeResponse })
  async changePassword(
    @CurrentUser() user: AuthUser,
    @CurrentSessionHash() sessionHash: string | undefined,
    @Body() body: ChangePasswordDto,
    @Req() req: ApiRequest,
  ): Promise<{ user: UserDto }> {
    const cmd = new ChangePasswordCommand(user.id, body.currentPassword, body.newPassword, sessionHash, clientIp(req), req.id);
    return { user: await this.commands.execute(cmd) };
  }

  @Delete('account')
  @ApiOperation({
    summary: `Deletes your own account as an admin's Delete does (personal workspace and its links, clicks and data); every session ends. Confirmed by the current password, or for a single sign-on account by a sign-in in the last ${FRESH_SIGN_IN_MINUTES} minutes; with two-factor sign-in on, also by a current authenticator code or a recovery code.`,
  })
  @ApiOkResponse({ description: 'Deleted: every session of the account ended, its sockets closed.' })
  async deleteAccount(
    @CurrentUser() user: AuthUser,
    @CurrentSessionHash() sessionHash: string | undefined,
    @Body() body: DeleteAccountDto,
    @Req() req: ApiRequest,
  ): Promise<Record<string, never>> {
    await this.commands.execute(new DeleteOwnAccountCommand(user.id, body.password, sessionHash, clientIp(req), req.id, body.code));
    return {};
  }

  @Get('sessions')
  @ApiOkResponse({ type: SessionResponse, isArray: true })
  sessions(@CurrentUser() user: AuthUser, @CurrentSessionHash() sessionHash: string | undefined): Promise<SessionDto[]> {
    return this.queries.execute(new GetSessionsQuery(user.id, sessionHash));
  }

  @Delete('sessions/:id')
  @ApiOkResponse({ description: "Ended: the session's next call gets 401 and its live socket is closed." })
  async endSession(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<Record<string, never>> {
    await this.commands.execute(new EndSessionCommand(user.id, id));
    return {};
  }

  @Post('2fa/setup')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new TOTP secret (shown only here) and its otpauth:// URL for the QR code.' })
  setupTwoFactor(@CurrentUser() user: AuthUser): Promise<TwoFactorSetupResponse> {
    return this.commands.execute(new SetupTwoFactorCommand(user.id));
  }

  @Post('2fa/enable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirms the secret with a code; answers 10 recovery codes, shown only here.' })
  enableTwoFactor(@CurrentUser() user: AuthUser, @Body() body: TwoFactorCodeDto, @Req() req: ApiRequest): Promise<TwoFactorEnabledResponse> {
    return this.commands.execute(new EnableTwoFactorCommand(user.id, body.code, req.id));
  }

  @Post('2fa/disable')
  @HttpCode(200)
  async disableTwoFactor(@CurrentUser() user: AuthUser, @Body() body: DisableTwoFactorDto, @Req() req: ApiRequest): Promise<Record<string, never>> {
    await this.commands.execute(new DisableTwoFactorCommand(user.id, body.password, body.code, req.id));
    return {};
  }
}
