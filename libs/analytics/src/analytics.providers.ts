import { GetBreakdownHandler } from './queries/get-breakdown.query.js';
import { GetDailySummaryHandler } from './queries/get-daily-summary.query.js';
import { GetGeographicHandler } from './queries/get-geographic.query.js';
import { GetIpSummaryHandler } from './queries/get-ip-summary.query.js';
import { GetLinkAnalyticsHandler } from './queries/get-link-analytics.query.js';
import { GetPerformanceHandler } from './queries/get-performance.query.js';
import { GetPerformancePageHandler } from './queries/get-performance-page.query.js';
import { GetRecentIpActivityHandler } from './queries/get-recent-ip-activity.query.js';
import { GetSharedAnalyticsHandler } from './queries/get-shared-analytics.query.js';
import { GetStatsHandler } from './queries/get-stats.query.js';
import { GetTrendsHandler } from './queries/get-trends.query.js';

/** Query handlers of analytics, for the api module. */
export const ANALYTICS_HANDLERS = [
  GetStatsHandler,
  GetTrendsHandler,
  GetDailySummaryHandler,
  GetPerformanceHandler,
  GetPerformancePageHandler,
  GetGeographicHandler,
  GetRecentIpActivityHandler,
  GetLinkAnalyticsHandler,
  GetIpSummaryHandler,
  GetBreakdownHandler,
  GetSharedAnalyticsHandler,
];
