/**
 * `last_bucket` of ip_activity and ips (migration IpLastBucket) for an instant given as a SQL parameter: its UTC
 * 15-minute floor. The reads bound the indexed last_bucket with it, then last_seen itself.
 */
export const bucketOf = (param: string): string => `date_bin('15 minutes', ${param}::timestamptz, timestamptz 'epoch')`;
