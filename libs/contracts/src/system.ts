/** System Management (admin): queue and worker status, retry, projection rebuild, cache warm-up. */
export interface QueueCountsDto {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}
export interface QueueStatusDto extends QueueCountsDto {
  name: string;
  /** Jobs completed in the last minute. */
  throughputPerMinute: number;
}
/** A connected BullMQ worker, as Redis CLIENT LIST reports it. */
export interface WorkerInfoDto {
  name: string;
  addr: string;
  /** Seconds connected. */
  age: number;
  /** Seconds since its last command. */
  idle: number;
}
export interface SystemStatusDto {
  redis: 'connected' | 'disconnected';
  queue: QueueStatusDto;
  workers: WorkerInfoDto[];
  maintenance: QueueStatusDto;
  /** Clicks the workers stored in the last 60 seconds (bot clicks too): the ingest rate. */
  clicksLastMinute: number;
  /** socket.io clients connected to this api instance on /live. */
  liveSockets: number;
}
export interface RetryFailedResultDto {
  retried: number;
}
export interface RebuildProjectionsResultDto {
  events: number;
  projections: string[];
}
export interface WarmCacheResultDto {
  warmed: number;
}
