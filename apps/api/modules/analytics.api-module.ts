import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ANALYTICS_HANDLERS, PERFORMANCE_OWNER_NAMES, type PerformanceOwnerNames } from '@app/analytics';
import { ownerNamesByIds } from '@app/identity';
import { AnalyticsController } from '../controllers/analytics/analytics.controller.js';
import { ExportController } from '../controllers/analytics/export.controller.js';
import { FilteredReadInterceptor, filteredReadGateProvider } from '../controllers/analytics/filtered-read-gate.js';
import { IpSummaryController } from '../controllers/analytics/ip-summary.controller.js';
import { LinkAnalyticsController } from '../controllers/analytics/link-analytics.controller.js';

/** Analytics: dashboard queries, link analytics, IP summary and exports, all read from click rollups. */
@Module({
  imports: [],
  controllers: [AnalyticsController, LinkAnalyticsController, IpSummaryController, ExportController],
  providers: [
    ...ANALYTICS_HANDLERS,
    filteredReadGateProvider,
    FilteredReadInterceptor,
    // Admins' performance rows name a shared workspace's links by the workspace (identity owns `workspaces`).
    {
      provide: PERFORMANCE_OWNER_NAMES,
      inject: [DataSource],
      useFactory:
        (dataSource: DataSource): PerformanceOwnerNames =>
        (ids) =>
          ownerNamesByIds(dataSource, ids),
    },
  ],
})
export class AnalyticsApiModule {}
