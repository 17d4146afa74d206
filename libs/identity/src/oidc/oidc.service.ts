import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, createLogger, type AppConfig, type OidcConfig } from '@app/config';
import type { AuthResponse } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { REDIS } from '@app/queue';
import { findUserById } from '../queries/user-read-store.js';
import { SESSIONS_ENDED, type SessionsEnded } from '../auth/sessions-ended.js';
import { createSession, endSessions, type SessionOrigin } from '../sessions.js';
import { OidcClient, OidcSignInError } from './oidc-client.js';
import { OidcErrors, OidcMessages } from './oidc-errors.js';
import { OidcFlowStore } from './oidc-flow.js';
import { oidcAccount } from './oidc-sign-in.js';

/** The path the provider sends the browser back to (registered at the provider as `{APP_URL}/api/auth/oidc/callback`). */
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
/** Where the browser lands after the callback: the web app takes the sign-in from there with a POST. */
export const OIDC_LANDING_PATH = '/sso';

/** Each step's outcome: where to send the browser and which one-time cookie to set. */
export interface OidcStep {
  redirect: string;
  flowToken?: string;
  resultToken?: string;
}

/**
 * Single sign-on (docs/security.md "Accounts"): the redirect to the provider, the callback, and the one-time hand-over
 * of the signed-in account to the web app. Every failure becomes a sentence on the login screen, never a 500.
 */
@Injectable()
export class OidcService {
  private readonly client: OidcClient | null;
  private readonly flows: OidcFlowStore;
  private readonly log;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) redis: Redis,
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    @Optional() @Inject(SESSIONS_ENDED) private readonly sessionsEnded?: SessionsEnded,
  ) {
    this.client = config.oidc ? new OidcClient(config.oidc) : null;
    this.flows = new OidcFlowStore(redis, config.redisPrefix);
    this.log = createLogger('api', config.logLevel).child({ component: 'oidc' });
  }

  private requireOidc(): OidcConfig {
    if (!this.config.oidc) throw OidcErrors.notConfigured();
    return this.config.oidc;
  }

  private readonly redirectUri = () => this.config.appUrl + OIDC_CALLBACK_PATH;

  /** `GET /api/auth/oidc/login`: to the provider, or (it cannot be reached) back to the login screen with the reason. */
  async begin(): Promise<OidcStep> {
    this.requireOidc();
    try {
      const { url, flow } = await this.client!.start(this.redirectUri());
      return { redirect: url.href, flowToken: await this.flows.saveFlow(flow) };
    } catch (err) {
      return this.failed(err);
    }
  }

  /** `GET /api/auth/oidc/callback`: the code redeemed and checked, the account found or made, the result kept once. */
  async callback(flowToken: string | undefined, query: string): Promise<OidcStep> {
    this.requireOidc();
    try {
      const flow = await this.flows.takeFlow(flowToken);
      if (!flow) throw new OidcSignInError(OidcMessages.flowExpired);
      const claims = await this.client!.finish(new URL(this.redirectUri() + query), flow);
      const { userId, adminRevoked } = await oidcAccount(this.dataSource, this.store, this.requireOidc(), claims);
      // Sessions opened with admin rights end, their sockets leave the admins' room (this sign-in's session comes next).
      if (adminRevoked) this.sessionsEnded?.(await endSessions(this.dataSource, userId));
      return { redirect: OIDC_LANDING_PATH, resultToken: await this.flows.saveResult({ userId }) };
    } catch (err) {
      return this.failed(err);
    }
  }

  /** `POST /api/auth/oidc/session`: the finished sign-in becomes a session, once; a refusal's reason is the 401's message. */
  async session(resultToken: string | undefined, origin: SessionOrigin): Promise<AuthResponse> {
    const result = await this.flows.takeResult(resultToken);
    if (!result) throw OidcErrors.nothingToTake();
    if ('error' in result) throw OidcErrors.signInFailed(result.error);
    const user = await findUserById(this.dataSource, result.userId);
    if (!user) throw OidcErrors.signInFailed(OidcMessages.notFinished);
    const sessionId = await createSession(this.dataSource, user.id, this.config.sessionTtlDays, origin);
    return { user, sessionId };
  }

  private async failed(err: unknown): Promise<OidcStep> {
    const message = err instanceof OidcSignInError ? err.message : OidcMessages.badAnswer(this.requireOidc().name);
    // The reason only (never a code, token or claim): what an operator needs to see the provider is down or misconfigured.
    this.log.warn('single sign-on failed', { reason: message, detail: err instanceof OidcSignInError ? err.detail : String(err) });
    try {
      return { redirect: OIDC_LANDING_PATH, resultToken: await this.flows.saveResult({ error: message }) };
    } catch {
      return { redirect: OIDC_LANDING_PATH };
    }
  }
}
