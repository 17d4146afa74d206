import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  DomainDto,
  DomainVerificationDto,
  DomainVerificationRecord,
  DomainVerificationStatus,
  LinkByCodeDto,
  LinkDto,
  LinkRule,
  LinkUtm,
  LinkVariant,
  RedirectType,
  SslCertificateDto,
  TagDto,
} from '@app/contracts';

/** OpenAPI shapes of the contracts' LinkDto / DomainDto. */
export class LinkResponse implements LinkDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() shortCode: string;
  @ApiProperty() originalUrl: string;
  @ApiProperty({ nullable: true, type: String }) domain: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) domainId: string | null;
  @ApiProperty({ example: 'http://localhost:8080/s/Ab3dE6gH' }) shortUrl: string;
  @ApiProperty() clickCount: number;
  @ApiProperty({ description: "Clicks since the caller's local midnight (timezoneOffset)." }) clicksToday: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) lastClick: string | null;
  @ApiPropertyOptional({ description: 'Admins only.' }) ownerUsername?: string;
  @ApiProperty({ nullable: true, type: String }) ogTitle: string | null;
  @ApiProperty({ nullable: true, type: String }) ogDescription: string | null;
  @ApiProperty({ nullable: true, type: String }) ogImage: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) expiresAt: string | null;
  @ApiProperty({ nullable: true, type: String }) expiredUrl: string | null;
  @ApiProperty({ nullable: true, type: Number }) maxClicks: number | null;
  @ApiProperty({ description: 'The password itself is write only.' }) hasPassword: boolean;
  @ApiProperty({ enum: [301, 302, 307, 308] }) redirectType: RedirectType;
  @ApiProperty({ type: 'array', items: { type: 'object' } }) rules: LinkRule[];
  @ApiProperty({ nullable: true, type: 'array', items: { type: 'object' } }) variants: LinkVariant[] | null;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: { type: 'string' } }) utm: LinkUtm | null;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ description: 'Hidden from lists unless asked; keeps redirecting and counting.' }) archived: boolean;
  @ApiProperty({ nullable: true, type: Number, description: 'Clicks the link had in the product it was imported from (not in the analytics).' })
  importedClicks: number | null;
}

export class TagResponse implements TagDto {
  @ApiProperty() tag: string;
  @ApiProperty() linkCount: number;
}

export class LinkByCodeResponse implements LinkByCodeDto {
  @ApiProperty() originalUrl: string;
  @ApiProperty() shortCode: string;
  @ApiProperty({ nullable: true, type: String }) domain: string | null;
  @ApiProperty({ nullable: true, type: String }) ogTitle: string | null;
  @ApiProperty({ nullable: true, type: String }) ogDescription: string | null;
  @ApiProperty({ nullable: true, type: String }) ogImage: string | null;
}

export class SslCertificateResponse implements SslCertificateDto {
  @ApiProperty() exists: boolean;
  @ApiProperty({ nullable: true, type: String, example: 'Self-signed · Nov 22, 2026' }) generated: string | null;
}

export class DomainVerificationRecordResponse implements DomainVerificationRecord {
  @ApiProperty({ enum: ['TXT'] }) type: 'TXT';
  @ApiProperty({ example: '_linkpulse-challenge.links.yourdomain.com' }) name: string;
  @ApiProperty({ example: 'lp-verify=3q2-7w…' }) value: string;
}

export class DomainVerificationResponse implements DomainVerificationDto {
  @ApiProperty({ enum: ['pending', 'verified', 'expired'] }) status: DomainVerificationStatus;
  @ApiProperty({ type: DomainVerificationRecordResponse, nullable: true }) record: DomainVerificationRecordResponse | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) checkedAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) expiresAt: string | null;
  @ApiProperty({ nullable: true, type: String }) error: string | null;
}

export class DomainResponse implements DomainDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'links.yourdomain.com' }) domain: string;
  @ApiProperty() isActive: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: SslCertificateResponse }) sslCertificate: SslCertificateResponse;
  @ApiProperty({ type: DomainVerificationResponse }) verification: DomainVerificationResponse;
}
