import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthResponse } from '@app/contracts';
import { OidcService, Public, type OidcStep } from '@app/identity';
import { clientIp, userAgentOf, type ApiRequest } from './request-origin.js';
import { AuthResponseDto } from './user.dto.js';

/** One-time cookies of single sign-on: httpOnly, only sent to these routes, never readable by scripts or put in a URL. */
const FLOW_COOKIE = 'lp_oidc_flow';
const RESULT_COOKIE = 'lp_oidc_result';
const COOKIE_PATH = '/api/auth/oidc';

function cookie(req: ApiRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/**
 * Single sign-on with OpenID Connect (docs/product.md#accounts). The session id never appears in a URL: the callback
 * leaves a one-time token in an httpOnly cookie and sends the browser to `/sso`, where the web app exchanges it with a
 * POST for `{sessionId, user}` (stored like a password sign-in's).
 */
@ApiTags('auth')
@Public()
@Controller('api/auth/oidc')
export class OidcController {
  constructor(private readonly oidc: OidcService) {}

  @Get('login')
  @ApiOperation({ summary: 'To the provider (authorization code + PKCE, state, nonce); 404 when single sign-on is not configured.' })
  @ApiFoundResponse({ description: "The provider's authorization URL, or /sso with the reason when it cannot be reached." })
  async login(@Req() req: ApiRequest, @Res() res: Response): Promise<void> {
    this.send(req, res, await this.oidc.begin());
  }

  @Get('callback')
  @ApiFoundResponse({ description: '/sso: the web app takes the result from there (POST /api/auth/oidc/session).' })
  async callback(@Req() req: ApiRequest, @Res() res: Response): Promise<void> {
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    this.send(req, res, await this.oidc.callback(cookie(req, FLOW_COOKIE), query), true);
  }

  @Post('session')
  @HttpCode(200)
  @ApiOperation({ summary: 'The finished single sign-on as a session, once; 401 with the reason when it failed.' })
  @ApiOkResponse({ type: AuthResponseDto })
  session(@Req() req: ApiRequest, @Res({ passthrough: true }) res: Response): Promise<AuthResponse> {
    res.clearCookie(RESULT_COOKIE, { path: COOKIE_PATH });
    return this.oidc.session(cookie(req, RESULT_COOKIE), { ip: clientIp(req), userAgent: userAgentOf(req) });
  }

  private send(req: ApiRequest, res: Response, step: OidcStep, endsFlow = false): void {
    const options = { httpOnly: true, sameSite: 'lax' as const, secure: req.secure, path: COOKIE_PATH };
    if (step.flowToken) res.cookie(FLOW_COOKIE, step.flowToken, { ...options, maxAge: 10 * 60_000 });
    else if (endsFlow) res.clearCookie(FLOW_COOKIE, { path: COOKIE_PATH });
    if (step.resultToken) res.cookie(RESULT_COOKIE, step.resultToken, { ...options, maxAge: 2 * 60_000 });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, step.redirect);
  }
}
