import { Module } from '@nestjs/common';

/** Analytics: controllers of this feature and the providers they need. */
@Module({ imports: [], controllers: [], providers: [] })
export class AnalyticsApiModule {}
