import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { DomainDto, LinkByCodeDto, LinkDto, SslCertificateDto } from '@app/contracts';

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

export class DomainResponse implements DomainDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'links.yourdomain.com' }) domain: string;
  @ApiProperty() isActive: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: SslCertificateResponse }) sslCertificate: SslCertificateResponse;
}
