import { createLogger, type Logger, type LogLevel } from './logger.js';

/**
 * Rate limits kept in Redis fail OPEN (docs/security.md): when Redis does not answer, the request is let through.
 * That must not be silent, nor flood the log: one warn line with the reason when an outage starts, one info line
 * when Redis answers again. One per process, shared by every limiter (`rateLimitFailOpen`).
 */
export class FailOpenLog {
  private down = false;

  constructor(private readonly log: Logger) {}

  /** A limit could not be checked and was let through. */
  failedOpen(scope: string, err: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log.warn('rate limits not enforced: Redis did not answer, letting requests through until it does', {
      scope,
      reason: err instanceof Error ? err.message : String(err),
    });
  }

  /** A limit was checked: the outage, if any, is over. */
  checked(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info('rate limits enforced again: Redis answers');
  }
}

let shared: FailOpenLog | undefined;

/** The process's fail-open log (created on first use with the caller's log level). */
export function rateLimitFailOpen(level: LogLevel): FailOpenLog {
  return (shared ??= new FailOpenLog(createLogger('rate-limit', level)));
}
