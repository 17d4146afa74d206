import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NestFactory, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import helmet from 'helmet';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { createLogger, type AppConfig } from '@app/config';
import { limitCommandTime } from '@app/queue';
import { RedisIoAdapter } from '@app/realtime';
import { ApiModule } from './api.module.js';
import { ErrorFilter } from './platform/error.filter.js';
import { requestContext } from './platform/request-context.js';
import { validationPipe } from './platform/validation.js';
import { JsonBodyInterceptor } from './platform/body-parsing.js';
import { compressJson } from './platform/compress-json.js';
import { NestLogger } from './platform/nest-logger.js';
import { mountMetrics } from './controllers/operations/metrics.controller.js';
import { IMMUTABLE_CACHE, precompressedAssets } from './platform/precompressed-assets.js';

/** Builds the api (routes, pipes, filters, docs, web app) on connections the caller opened (readDataSource: a replica). */
export async function createApp(
  config: AppConfig,
  dataSource: DataSource,
  redis: Redis,
  readDataSource?: DataSource,
): Promise<NestExpressApplication> {
  const log = createLogger('api', config.logLevel);
  // A Redis command of a request gives up after REDIS_COMMAND_TIMEOUT_MS (stopped or frozen Redis): the api answers within 2 s.
  limitCommandTime(redis, config.redisCommandTimeoutMs);
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config, dataSource, redis, readDataSource), {
    logger: new NestLogger(log),
    bodyParser: false,
  });
  app.set('trust proxy', config.trustProxy);
  app.use(requestContext(log));
  mountMetrics(app, config);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          // Only our own origin: the live socket (same origin) over ws(s) of APP_URL's host, never ws: to any host.
          connectSrc: ["'self'", ownSocketOrigin(config.appUrl)],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          // helmet's default upgrade-insecure-requests makes the browser fetch every asset over https: on an app
          // served over plain http under a host name (not localhost) nothing would load. Kept for https deployments.
          ...(config.appUrl.startsWith('https:') ? {} : { upgradeInsecureRequests: null }),
        },
      },
    }),
  );
  app.use('/api', compressJson());
  // Bodies are read after the session guard, never inflated, within the route's limit (platform/body-parsing.ts).
  app.useGlobalInterceptors(new JsonBodyInterceptor(app.get(Reflector)));
  app.useGlobalPipes(validationPipe);
  app.useGlobalFilters(new ErrorFilter(log));
  app.enableShutdownHooks();
  app.useWebSocketAdapter(new RedisIoAdapter(app, redis, config.redisPrefix));

  const docs = new DocumentBuilder()
    .setTitle('LinkPulse API')
    .setDescription(
      'URL shortener with click analytics. Send the session id as `Authorization: Bearer <sessionId>`, or an API key as `Authorization: Bearer lp_…` on the routes its scopes cover (each route names its scope in `x-required-scope`).',
    )
    .setVersion('1')
    .addBearerAuth()
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'lp_…',
        description: 'API key (docs/product.md#api-keys): works on the routes whose `x-required-scope` it carries, as its owner.',
      },
      'apiKey',
    )
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, docs));

  serveWebApp(app, config);
  return app;
}

/**
 * The built SPA at `/` with fallback to index.html for client routes (never for /api or /socket.io). index.html
 * carries the product's own hosts (APP_URL, SHORT_BASE_URL) in a meta tag, so one build serves any deployment: on
 * those hosts unknown paths go to '/', on any other host the path is a custom-domain short code (docs/product.md#custom-domain-redirect-and-link-not-found).
 */
function serveWebApp(app: NestExpressApplication, config: AppConfig): void {
  const dir = resolve(config.webDist);
  const index = resolve(dir, 'index.html');
  if (!existsSync(index)) return;
  const html = withOwnHosts(readFileSync(index, 'utf8'), ownHosts(config));
  const files = express.static(dir, { index: false, maxAge: '1h', setHeaders: immutableAssets });
  const assets = precompressedAssets(dir);
  // The api's own paths never look for a file (express.static would stat one on disk for every api call).
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api') || req.path.startsWith('/socket.io')) return next();
    assets(req, res, () =>
      files(req, res, (err?: unknown) => {
        if (err) return next(err);
        res.setHeader('Cache-Control', 'no-cache');
        res.type('html').send(html);
      }),
    );
  });
}

/** APP_URL as a WebSocket origin (`https://app.example` → `wss://app.example`): CSP 'self' is not enough in older Safari. */
export function ownSocketOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** Host names (with port when not the default) of APP_URL and SHORT_BASE_URL. */
export function ownHosts(config: Pick<AppConfig, 'appUrl' | 'shortBaseUrl'>): string[] {
  return [...new Set([config.appUrl, config.shortBaseUrl].map((u) => new URL(u).host.toLowerCase()))];
}

function withOwnHosts(html: string, hosts: string[]): string {
  const meta = `<meta name="linkpulse-own-hosts" content="${hosts.join(',').replace(/[<>"&]/g, '')}">`;
  return html.includes('</head>') ? html.replace('</head>', `  ${meta}\n  </head>`) : meta + html;
}

function immutableAssets(res: express.Response, path: string) {
  if (path.includes('/assets/')) res.setHeader('Cache-Control', IMMUTABLE_CACHE);
}
