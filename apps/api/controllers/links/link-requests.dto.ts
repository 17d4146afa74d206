import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { CreateLinkRequest, LinkRule, LinkUtm, LinkVariant, RedirectType, UpdateLinkRequest } from '@app/contracts';
import { LinksMessages as M, NAME_MAX, OG_DESCRIPTION_MAX, OG_TITLE_MAX, URL_MAX } from '@app/links';

/**
 * What both link requests carry: the target URL and the link controls (docs/product.md#link-controls). The controls are whitelisted here
 * and validated by the links domain (checkControls: 400 naming field and rule); on edit absent = unchanged, null = removed.
 */
export class LinkRequestDto {
  @ApiProperty({ example: 'https://example.org/spring-sale', maxLength: URL_MAX, description: 'Absolute http(s) URL.' })
  @MaxLength(URL_MAX, { message: M.urlTooLong(URL_MAX) })
  @IsString({ message: M.invalidUrl })
  originalUrl: string;

  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String }) @Allow() expiresAt?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Where expired / used-up visits go; else a 410 page.' }) @Allow() expiredUrl?:
    string | null;
  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 1 }) @Allow() maxClicks?: number | null;
  @ApiPropertyOptional({ nullable: true, type: String, minLength: 4, maxLength: 128, description: 'Write only.' }) @Allow() password?: string | null;
  @ApiPropertyOptional({ nullable: true, enum: [301, 302, 307, 308] }) @Allow() redirectType?: RedirectType | null;
  @ApiPropertyOptional({ nullable: true, type: 'array', items: { type: 'object' } }) @Allow() rules?: LinkRule[] | null;
  @ApiPropertyOptional({ nullable: true, type: 'array', items: { type: 'object' } }) @Allow() variants?: LinkVariant[] | null;
  @ApiPropertyOptional({ nullable: true, type: 'object', additionalProperties: { type: 'string' } }) @Allow() utm?: LinkUtm | null;
  @ApiPropertyOptional({ nullable: true, type: [String] }) @Allow() tags?: string[] | null;
}

/** Shorten URL. Content rules (scheme, own hosts, reserved codes, defaults) are the Link aggregate's. */
export class CreateLinkDto extends LinkRequestDto implements CreateLinkRequest {
  @ApiPropertyOptional({ example: 'Spring sale', maxLength: NAME_MAX, description: "Empty gives 'Untitled Link'." })
  @IsOptional()
  @MaxLength(NAME_MAX, { message: M.nameTooLong(NAME_MAX) })
  @IsString({ message: M.nameNotText })
  name?: string;

  @ApiPropertyOptional({ example: 'spring-sale', description: 'Letters, digits, - and _, 3–64; empty: 8 random letters/digits.' })
  @IsOptional()
  @MaxLength(64, { message: M.shortCodeFormat })
  @IsString({ message: M.shortCodeNotText })
  shortCode?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'One of your active custom domains; absent for the default host.' })
  @IsOptional()
  @IsUUID('all', { message: M.domainUnavailable })
  domainId?: string;

  @ApiPropertyOptional({ maxLength: OG_TITLE_MAX })
  @IsOptional()
  @MaxLength(OG_TITLE_MAX, { message: M.ogTitleTooLong(OG_TITLE_MAX) })
  @IsString({ message: M.ogTitleNotText })
  ogTitle?: string;

  @ApiPropertyOptional({ maxLength: OG_DESCRIPTION_MAX })
  @IsOptional()
  @MaxLength(OG_DESCRIPTION_MAX, { message: M.ogDescriptionTooLong(OG_DESCRIPTION_MAX) })
  @IsString({ message: M.ogDescriptionNotText })
  ogDescription?: string;

  @ApiPropertyOptional({ example: 'https://example.org/preview.png', maxLength: URL_MAX })
  @IsOptional()
  @MaxLength(URL_MAX, { message: M.ogImageInvalid })
  @IsString({ message: M.ogImageInvalid })
  ogImage?: string;
}

/** Edit Link: name and original URL (required), the §1 controls (absent = unchanged, null = removed). */
export class UpdateLinkDto extends LinkRequestDto implements UpdateLinkRequest {
  @ApiProperty({ example: 'Spring sale', maxLength: NAME_MAX })
  @MaxLength(NAME_MAX, { message: M.nameTooLong(NAME_MAX) })
  @IsString({ message: M.nameRequired })
  name: string;

  @ApiPropertyOptional({ description: 'Archive (hidden from lists unless asked; keeps redirecting and counting) or unarchive.' })
  @IsOptional()
  @IsBoolean({ message: 'archived must be true or false.' })
  archived?: boolean;
}

/** Add or rename a custom domain (host name without protocol). */
export class DomainRequestDto {
  @ApiProperty({ example: 'links.yourdomain.com' })
  @MaxLength(253, { message: M.invalidDomain })
  @IsString({ message: M.invalidDomain })
  domain: string;
}
