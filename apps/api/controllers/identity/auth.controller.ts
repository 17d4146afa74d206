import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiCreatedResponse, ApiExtraModels, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { AuthOptionsDto, AuthResponse, LoginResponse, UserDto } from '@app/contracts';
import {
  AllowMustChangePassword,
  AllowUnapproved,
  authUserToDto,
  bearerToken,
  CurrentUser,
  LoginCommand,
  LoginTwoFactorCommand,
  LogoutCommand,
  Public,
  RegisterUserCommand,
  type AuthUser,
} from '@app/identity';
import { LoginDto, RegisterDto } from './credentials.dto.js';
import { LoginTwoFactorDto } from './account.dto.js';
import { clientIp, userAgentOf, type ApiRequest } from './request-origin.js';
import { AuthResponseDto, MeResponse, TwoFactorChallengeDto } from './user.dto.js';

/** Sign-up, sign-in, sign-out and "who am I". Unapproved accounts may call all of these. */
@ApiTags('auth')
@ApiExtraModels(AuthResponseDto, TwoFactorChallengeDto)
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('options')
  @Public()
  @ApiOkResponse({ description: 'What the login screen offers: password sign-in (LOCAL_LOGIN) and single sign-on (its button name).' })
  options(): AuthOptionsDto {
    return { localLogin: this.config.localLogin, oidc: this.config.oidc ? { name: this.config.oidc.name } : null };
  }

  @Post('register')
  @Public()
  @ApiCreatedResponse({ type: AuthResponseDto, description: 'The account awaits approval; the caller is signed in.' })
  register(@Body() body: RegisterDto, @Req() req: ApiRequest): Promise<AuthResponse> {
    return this.commands.execute(new RegisterUserCommand(body.username, body.password, clientIp(req), req.id, userAgentOf(req)));
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({
    description: 'Signed in, or (two-factor sign-in on) a challenge for POST /api/auth/login/2fa.',
    schema: { oneOf: [{ $ref: getSchemaPath(AuthResponseDto) }, { $ref: getSchemaPath(TwoFactorChallengeDto) }] },
  })
  login(@Body() body: LoginDto, @Req() req: ApiRequest): Promise<LoginResponse> {
    return this.commands.execute(new LoginCommand(body.username, body.password, clientIp(req), userAgentOf(req)));
  }

  @Post('login/2fa')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponseDto, description: 'A TOTP code or an unused recovery code; 5 wrong codes end the challenge.' })
  loginTwoFactor(@Body() body: LoginTwoFactorDto, @Req() req: ApiRequest): Promise<AuthResponse> {
    return this.commands.execute(new LoginTwoFactorCommand(body.challenge, body.code, { ip: clientIp(req), userAgent: userAgentOf(req) }));
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
  @AllowMustChangePassword()
  @ApiBearerAuth()
  @ApiOkResponse({ type: MeResponse })
  me(@CurrentUser() user: AuthUser): { user: UserDto } {
    return { user: authUserToDto(user) };
  }
}
