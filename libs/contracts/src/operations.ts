/** Health (docs/product.md#shapes) plus what docs/architecture.md adds. */
export interface HealthDto {
  status: 'healthy' | 'degraded' | 'unhealthy';
  database: 'connected' | 'disconnected';
  redis: 'connected' | 'disconnected';
  server: 'healthy' | 'unhealthy';
  queue: { waiting: number; active: number; delayed: number; failed: number; completed: number };
  workers: number;
  lastCheck: string | null;
  users: number;
  errors: string[];
}
export interface RecoverResultDto {
  actions: string[];
  health: HealthDto;
}
