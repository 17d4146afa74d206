import { InitialSchema1763800000000 } from './1763800000000-initial-schema.js';
import { OwnerRollups1763900000000 } from './1763900000000-owner-rollups.js';
import { AnalyticsReadPaths1764000000000 } from './1764000000000-analytics-read-paths.js';
import { IpSummaryRollups1764100000000 } from './1764100000000-ip-summary-rollups.js';
import { MonthlyGeoFillfactor1764200000000 } from './1764200000000-monthly-geo-fillfactor.js';
import { LinkControls1765000000000 } from './1765000000000-link-controls.js';
import { Integrations1765100000000 } from './1765100000000-integrations.js';
import { DomainVerification1765200000000 } from './1765200000000-domain-verification.js';
import { SessionsExpiryIndex1765200000001 } from './1765200000001-sessions-expiry-index.js';
import { PartitionedClicks1765500000000 } from './1765500000000-partitioned-clicks.js';
import { DomainSslKeys1766000000000 } from './1766000000000-domain-ssl-keys.js';
import { FewerIngestIndexes1766100000000 } from './1766100000000-fewer-ingest-indexes.js';
import { TechCombinations1766200000000 } from './1766200000000-tech-combinations.js';
import { OwnerGeoMonthlyFromLinks1766300000000 } from './1766300000000-owner-geo-monthly-from-links.js';
import { BotClicksIndex1766400000000 } from './1766400000000-bot-clicks-index.js';
import { IpSeenDaily1766500000000 } from './1766500000000-ip-seen-daily.js';
import { IpLastBucket1766600000000 } from './1766600000000-ip-last-bucket.js';
import { RollupFillfactor1766700000000 } from './1766700000000-rollup-fillfactor.js';
import { ClicksTimeDefaultOnly1766800000000 } from './1766800000000-clicks-time-default-only.js';
import { DaysRolledUp1766900000000 } from './1766900000000-days-rolled-up.js';
import { LinkListPaging1767030000000 } from './1767030000000-link-list-paging.js';
import { Workspaces1767031000000 } from './1767031000000-workspaces.js';
import { AccountSecurity1767032000000 } from './1767032000000-account-security.js';
import { ClickLanguage1767033000000 } from './1767033000000-click-language.js';
import { ImportedLinks1767034000000 } from './1767034000000-imported-links.js';
import { WebhookNextAttempt1767036000000 } from './1767036000000-webhook-next-attempt.js';
import { Shares1767041000000 } from './1767041000000-shares.js';
import { ImportStartedBy1767043000000 } from './1767043000000-import-started-by.js';
import { ActivityBeforeWorkspaces1767043100000 } from './1767043100000-activity-before-workspaces.js';
import { WebhookPause1767044000000 } from './1767044000000-webhook-pause.js';
import { WebhookSecretsSealed1767044100000 } from './1767044100000-webhook-secrets-sealed.js';
import { LinkStatsSortIndexes1767045000000 } from './1767045000000-link-stats-sort-indexes.js';
import { OwnerDimensions1767048000000 } from './1767048000000-owner-dimensions.js';
import { LinkLanguages1767049000000 } from './1767049000000-link-languages.js';
import { LinkSearchOneIndex1767050000000 } from './1767050000000-link-search-one-index.js';
import { LinkSearchPerColumn1767050000001 } from './1767050000001-link-search-per-column.js';
import { LinkDimensions1767051000000 } from './1767051000000-link-dimensions.js';
import { DomainChecksInActivity1767053100000 } from './1767053100000-domain-checks-in-activity.js';
import { LinkSearchByOwner1767055000000 } from './1767055000000-link-search-by-owner.js';
import { OwnerClicksByBucket1767062000000 } from './1767062000000-owner-clicks-by-bucket.js';
import { OwnerPairs1767063000000 } from './1767063000000-owner-pairs.js';
import { OwnerPairsOpenDays1767063100000 } from './1767063100000-owner-pairs-open-days.js';
import { LinkClickBits1767063200000 } from './1767063200000-link-click-bits.js';
import { NoLinkDimensions1767063300000 } from './1767063300000-no-link-dimensions.js';
import { ClicksLinkTimeCovering1767063400000 } from './1767063400000-clicks-link-time-covering.js';
import { OwnerPlacePairs1767063500000 } from './1767063500000-owner-place-pairs.js';
import { LinkClickCounts1767063600000 } from './1767063600000-link-click-counts.js';
import { LinkGeoMonthly1767063700000 } from './1767063700000-link-geo-monthly.js';
import { LinkDimsMonthly1767063800000 } from './1767063800000-link-dims-monthly.js';
import { LinkClickMonths1767063900000 } from './1767063900000-link-click-months.js';
import { OwnerGeoOpenDays1767062100000 } from './1767062100000-owner-geo-open-days.js';

/** Every migration in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [
  InitialSchema1763800000000,
  OwnerRollups1763900000000,
  AnalyticsReadPaths1764000000000,
  IpSummaryRollups1764100000000,
  MonthlyGeoFillfactor1764200000000,
  LinkControls1765000000000,
  Integrations1765100000000,
  DomainVerification1765200000000,
  SessionsExpiryIndex1765200000001,
  PartitionedClicks1765500000000,
  DomainSslKeys1766000000000,
  FewerIngestIndexes1766100000000,
  TechCombinations1766200000000,
  OwnerGeoMonthlyFromLinks1766300000000,
  BotClicksIndex1766400000000,
  IpSeenDaily1766500000000,
  IpLastBucket1766600000000,
  RollupFillfactor1766700000000,
  ClicksTimeDefaultOnly1766800000000,
  DaysRolledUp1766900000000,
  LinkListPaging1767030000000,
  Workspaces1767031000000,
  AccountSecurity1767032000000,
  ClickLanguage1767033000000,
  ImportedLinks1767034000000,
  WebhookNextAttempt1767036000000,
  Shares1767041000000,
  ImportStartedBy1767043000000,
  ActivityBeforeWorkspaces1767043100000,
  WebhookPause1767044000000,
  WebhookSecretsSealed1767044100000,
  LinkStatsSortIndexes1767045000000,
  OwnerDimensions1767048000000,
  LinkLanguages1767049000000,
  LinkSearchOneIndex1767050000000,
  LinkSearchPerColumn1767050000001,
  LinkDimensions1767051000000,
  DomainChecksInActivity1767053100000,
  LinkSearchByOwner1767055000000,
  OwnerClicksByBucket1767062000000,
  OwnerGeoOpenDays1767062100000,
  OwnerPairs1767063000000,
  OwnerPairsOpenDays1767063100000,
  LinkClickBits1767063200000,
  NoLinkDimensions1767063300000,
  ClicksLinkTimeCovering1767063400000,
  OwnerPlacePairs1767063500000,
  LinkClickCounts1767063600000,
  LinkGeoMonthly1767063700000,
  LinkDimsMonthly1767063800000,
  LinkClickMonths1767063900000,
];
