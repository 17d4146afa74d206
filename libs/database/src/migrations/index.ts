import { InitialSchema1763800000000 } from './1763800000000-initial-schema.js';
import { OwnerRollups1763900000000 } from './1763900000000-owner-rollups.js';
import { AnalyticsReadPaths1764000000000 } from './1764000000000-analytics-read-paths.js';
import { IpSummaryRollups1764100000000 } from './1764100000000-ip-summary-rollups.js';
import { MonthlyGeoFillfactor1764200000000 } from './1764200000000-monthly-geo-fillfactor.js';

/** Every migration in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [
  InitialSchema1763800000000,
  OwnerRollups1763900000000,
  AnalyticsReadPaths1764000000000,
  IpSummaryRollups1764100000000,
  MonthlyGeoFillfactor1764200000000,
];
