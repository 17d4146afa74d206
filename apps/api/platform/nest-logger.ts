import type { LoggerService } from '@nestjs/common';
import type { Logger } from '@app/config';

/** Routes Nest's own log lines into our JSON logger. */
export class NestLogger implements LoggerService {
  constructor(private readonly out: Logger) {}
  log(message: unknown, context?: string) {
    if (context === 'RouterExplorer' || context === 'RoutesResolver' || context === 'InstanceLoader') return;
    this.out.info(String(message), { context });
  }
  error(message: unknown, trace?: string, context?: string) {
    this.out.error(String(message), { context, trace });
  }
  warn(message: unknown, context?: string) {
    this.out.warn(String(message), { context });
  }
  debug(message: unknown, context?: string) {
    this.out.debug(String(message), { context });
  }
  verbose(message: unknown, context?: string) {
    this.out.debug(String(message), { context });
  }
}
