import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { AppConfig } from '@app/config';
import { createApiMetrics, type ApiMetrics } from '@app/metrics';
import { OperationQueues } from '@app/operations';
import { LiveGateway } from '../../gateways/live.gateway.js';

/**
 * `GET /metrics` (Prometheus text, no session: Prometheus scrapes it; `METRICS_TOKEN` makes it require
 * `Authorization: Bearer <token>`) and the request counters. Mounted on express before the Nest routes and the web
 * app's fallback, so the middleware sees every request and the SPA never answers /metrics.
 */
export function mountMetrics(app: NestExpressApplication, config: AppConfig): ApiMetrics {
  const live = app.get(LiveGateway, { strict: false });
  const metrics = createApiMetrics({
    token: config.metricsToken,
    liveSockets: () => live.connectedSockets,
    queues: { clicks: app.get(OperationQueues, { strict: false }).clicks },
  });
  app.use(metrics.middleware);
  app
    .getHttpAdapter()
    .getInstance()
    .get('/metrics', (req: Request, res: Response) => void metrics.serve(req, res));
  return metrics;
}
