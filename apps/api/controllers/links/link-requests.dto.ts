import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { CreateLinkRequest, UpdateLinkRequest } from '@app/contracts';
import { NAME_MAX, OG_DESCRIPTION_MAX, OG_TITLE_MAX, URL_MAX } from '@app/links';

const URL_MESSAGE = 'Please enter a valid URL';

/** Shorten URL. Content rules (scheme, own hosts, reserved codes, defaults) are the Link aggregate's. */
export class CreateLinkDto implements CreateLinkRequest {
  @ApiProperty({ example: 'https://example.org/spring-sale', maxLength: URL_MAX, description: 'Absolute http(s) URL.' })
  @MaxLength(URL_MAX, { message: `The address is too long (at most ${URL_MAX} characters).` })
  @IsString({ message: URL_MESSAGE })
  originalUrl: string;

  @ApiPropertyOptional({ example: 'Spring sale', maxLength: NAME_MAX, description: "Empty gives 'Untitled Link'." })
  @IsOptional()
  @MaxLength(NAME_MAX, { message: `The link name is too long (at most ${NAME_MAX} characters).` })
  @IsString({ message: 'The link name must be text.' })
  name?: string;

  @ApiPropertyOptional({ example: 'spring-sale', description: 'Letters, digits, - and _, 3–64; empty: 8 random letters/digits.' })
  @IsOptional()
  @MaxLength(64, { message: 'Short codes use 3 to 64 letters, digits, hyphens or underscores.' })
  @IsString({ message: 'The short code must be text.' })
  shortCode?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'One of your active custom domains; absent for the default host.' })
  @IsOptional()
  @IsUUID('all', { message: 'Please choose one of your active custom domains, or the default domain.' })
  domainId?: string;

  @ApiPropertyOptional({ maxLength: OG_TITLE_MAX })
  @IsOptional()
  @MaxLength(OG_TITLE_MAX, { message: `The preview title is too long (at most ${OG_TITLE_MAX} characters).` })
  @IsString({ message: 'The preview title must be text.' })
  ogTitle?: string;

  @ApiPropertyOptional({ maxLength: OG_DESCRIPTION_MAX })
  @IsOptional()
  @MaxLength(OG_DESCRIPTION_MAX, { message: `The preview description is too long (at most ${OG_DESCRIPTION_MAX} characters).` })
  @IsString({ message: 'The preview description must be text.' })
  ogDescription?: string;

  @ApiPropertyOptional({ example: 'https://example.org/preview.png', maxLength: URL_MAX })
  @IsOptional()
  @MaxLength(URL_MAX, { message: 'The preview image must be an http:// or https:// address.' })
  @IsString({ message: 'The preview image must be an http:// or https:// address.' })
  ogImage?: string;
}

/** Edit Link: name and original URL only. */
export class UpdateLinkDto implements UpdateLinkRequest {
  @ApiProperty({ example: 'Spring sale', maxLength: NAME_MAX })
  @MaxLength(NAME_MAX, { message: `The link name is too long (at most ${NAME_MAX} characters).` })
  @IsString({ message: 'Please enter a link name.' })
  name: string;

  @ApiProperty({ example: 'https://example.org/spring-sale', maxLength: URL_MAX })
  @MaxLength(URL_MAX, { message: `The address is too long (at most ${URL_MAX} characters).` })
  @IsString({ message: URL_MESSAGE })
  originalUrl: string;
}

/** Add or rename a custom domain (host name without protocol). */
export class DomainRequestDto {
  @ApiProperty({ example: 'links.yourdomain.com' })
  @MaxLength(253, { message: 'Please enter a valid domain name' })
  @IsString({ message: 'Please enter a valid domain name' })
  domain: string;
}
