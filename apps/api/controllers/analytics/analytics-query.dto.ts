import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

const OFFSET = 'Minutes, UTC minus local, as JavaScript getTimezoneOffset() (UTC+05:30 → -330, UTC-08:00 → 480). Default 0.';

/** `timezoneOffset` and the optional IANA `timeZone` (preferred: local days follow its daylight-saving changes). */
export class OffsetQueryDto {
  @ApiPropertyOptional({ description: OFFSET, example: -330 })
  @IsOptional()
  @IsString()
  timezoneOffset?: string;

  @ApiPropertyOptional({
    description: "IANA time zone name (the browser's Intl zone); when given, local days are computed in it and timezoneOffset is only validated.",
    example: 'Europe/Berlin',
  })
  @IsOptional()
  @IsString()
  timeZone?: string;

  /** Checked by the workspace rule (identity's workspace-access.ts) before the route runs; listed so it is no unknown field. */
  @IsOptional()
  @IsString()
  workspaceId?: string;
}

/** `timezoneOffset` plus an inclusive local date range (both dates or neither; at most a year). */
export class RangeQueryDto extends OffsetQueryDto {
  @ApiPropertyOptional({ description: 'First local day: YYYY-MM-DD, or an ISO instant read as its local date.', example: '2026-11-01' })
  @IsOptional()
  @IsString()
  startDate?: string;

  @ApiPropertyOptional({ description: 'Last local day (inclusive): YYYY-MM-DD, or an ISO instant read as its local date.', example: '2026-11-30' })
  @IsOptional()
  @IsString()
  endDate?: string;
}

export class RecentIpQueryDto extends OffsetQueryDto {
  @ApiPropertyOptional({ description: 'Window in days: 7, 14 or 30.', example: 7 })
  @IsOptional()
  @IsString()
  days?: string;

  @ApiPropertyOptional({ description: 'Page, from 1.', example: 1 })
  @IsOptional()
  @IsString()
  page?: string;

  @ApiPropertyOptional({ description: 'Records per page, 1 to 100.', example: 10 })
  @IsOptional()
  @IsString()
  limit?: string;
}
