import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import helmet from 'helmet';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { createLogger, type AppConfig } from '@app/config';
import { RedisIoAdapter } from '@app/realtime';
import { ApiModule } from './api.module.js';
import { ErrorFilter } from './platform/error.filter.js';
import { requestContext } from './platform/request-context.js';
import { validationPipe } from './platform/validation.js';
import { NestLogger } from './platform/nest-logger.js';
import { mountMetrics } from './controllers/operations/metrics.controller.js';

export const BODY_LIMIT = '100kb';

/** Builds the api (routes, pipes, filters, docs, web app) on connections the caller opened. */
export async function createApp(config: AppConfig, dataSource: DataSource, redis: Redis): Promise<NestExpressApplication> {
  const log = createLogger('api', config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config, dataSource, redis), {
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
          connectSrc: ["'self'", 'ws:', 'wss:'],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
        },
      },
    }),
  );
  app.use('/api', express.json({ limit: BODY_LIMIT, strict: true }));
  app.useGlobalPipes(validationPipe);
  app.useGlobalFilters(new ErrorFilter(log));
  app.enableShutdownHooks();
  app.useWebSocketAdapter(new RedisIoAdapter(app, redis, config.redisPrefix));

  const docs = new DocumentBuilder()
    .setTitle('LinkPulse API')
    .setDescription('URL shortener with click analytics. Send the session id as `Authorization: Bearer <sessionId>`.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, docs));

  serveWebApp(app, config);
  return app;
}

/** The built SPA at `/` with fallback to index.html for client routes (never for /api or /socket.io). */
function serveWebApp(app: NestExpressApplication, config: AppConfig): void {
  const dir = resolve(config.webDist);
  const index = resolve(dir, 'index.html');
  if (!existsSync(index)) return;
  app.use(express.static(dir, { index: false, maxAge: '1h', setHeaders: immutableAssets }));
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api') || req.path.startsWith('/socket.io')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

function immutableAssets(res: express.Response, path: string) {
  if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
