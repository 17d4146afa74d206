import { Module } from '@nestjs/common';
import { ANALYTICS_HANDLERS } from '@app/analytics';
import { AnalyticsController } from '../controllers/analytics/analytics.controller.js';
import { ExportController } from '../controllers/analytics/export.controller.js';
import { IpSummaryController } from '../controllers/analytics/ip-summary.controller.js';
import { LinkAnalyticsController } from '../controllers/analytics/link-analytics.controller.js';

/** Analytics: dashboard queries, link analytics, IP summary and exports, all read from click rollups. */
@Module({
  imports: [],
  controllers: [AnalyticsController, LinkAnalyticsController, IpSummaryController, ExportController],
  providers: [...ANALYTICS_HANDLERS],
})
export class AnalyticsApiModule {}
