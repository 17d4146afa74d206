import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { AppError, CLICK_FILTER_NAMES } from '@app/contracts';
import { ReadGate } from '@app/analytics';

/** The one gate of this api process's filtered analytics reads (FILTERED_READ_SLOTS, FILTERED_READ_WAIT_MS). */
export const FILTERED_READ_GATE = Symbol('FILTERED_READ_GATE');

export const filteredReadGateProvider = {
  provide: FILTERED_READ_GATE,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) =>
    new ReadGate(config.filteredReadSlots, {
      maxWaitMs: config.filteredReadWaitMs,
      busy: () => new AppError(429, 'Too many filtered analytics reads are running at once. Please try again in a moment.', 'FILTERED_READS_BUSY'),
    }),
};

/**
 * An analytics, link-analytics or export request with any filter may read the raw clicks (decision 0008): seconds of
 * database time each at 11M clicks. Such requests take their turn at FILTERED_READ_GATE, so however many are sent at
 * once they hold at most a few of the pool's connections and every other request keeps the rest (docs/security.md
 * "Filtered analytics reads"); unfiltered reads (rollups only) never wait.
 */
@Injectable()
export class FilteredReadInterceptor implements NestInterceptor {
  constructor(@Inject(FILTERED_READ_GATE) private readonly gate: ReadGate) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const query = context.switchToHttp().getRequest<Request>().query ?? {};
    if (!CLICK_FILTER_NAMES.some((name) => query[name] !== undefined && query[name] !== '')) return next.handle();
    return from(this.gate.run(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
