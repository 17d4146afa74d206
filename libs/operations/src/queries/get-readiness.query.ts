import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { HealthService } from '../health/health.service.js';

export interface Readiness {
  ready: boolean;
  database: 'connected' | 'disconnected';
  redis: 'connected' | 'disconnected';
}

/** GET /api/health/ready: both Postgres and Redis answer. */
export class GetReadinessQuery extends Query<Readiness> {}

@QueryHandler(GetReadinessQuery)
export class GetReadinessHandler implements IQueryHandler<GetReadinessQuery> {
  constructor(private readonly health: HealthService) {}

  execute(): Promise<Readiness> {
    return this.health.readiness();
  }
}
