import { Command } from '@nestjs/cqrs';
import type { WarmCacheResultDto } from '@app/contracts';

/** System Management → Warm redirect cache: every servable link into the redirector's Redis cache. */
export class WarmLinkCacheCommand extends Command<WarmCacheResultDto> {}
