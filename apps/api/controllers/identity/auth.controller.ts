import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthResponse, UserDto } from '@app/contracts';
import {
  AllowUnapproved,
  authUserToDto,
  bearerToken,
  CurrentUser,
  LoginCommand,
  LogoutCommand,
  Public,
  RegisterUserCommand,
  type AuthUser,
} from '@app/identity';
import { LoginDto, RegisterDto } from './credentials.dto.js';
import { AuthResponseDto, MeResponse } from './user.dto.js';

type ApiRequest = Request & { id?: string };
const clientIp = (req: ApiRequest) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Sign-up, sign-in, sign-out and "who am I". Unapproved accounts may call all of these. */
@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(private readonly commands: CommandBus) {}

  @Post('register')
  @Public()
  @ApiCreatedResponse({ type: AuthResponseDto, description: 'The account awaits approval; the caller is signed in.' })
  register(@Body() body: RegisterDto, @Req() req: ApiRequest): Promise<AuthResponse> {
    return this.commands.execute(new RegisterUserCommand(body.username, body.password, clientIp(req), req.id));
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponseDto })
  login(@Body() body: LoginDto, @Req() req: ApiRequest): Promise<AuthResponse> {
    return this.commands.execute(new LoginCommand(body.username, body.password, clientIp(req)));
  }

  @Post('logout')
  @Public()
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'The session is ended (also fine when it already was).' })
  async logout(@Req() req: ApiRequest): Promise<Record<string, never>> {
    await this.commands.execute(new LogoutCommand(bearerToken(req.headers.authorization)));
    return {};
  }

  @Get('me')
  @AllowUnapproved()
  @ApiBearerAuth()
  @ApiOkResponse({ type: MeResponse })
  me(@CurrentUser() user: AuthUser): { user: UserDto } {
    return { user: authUserToDto(user) };
  }
}
