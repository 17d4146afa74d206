import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { WORKSPACE_NAME_MAX, WORKSPACE_ROLES, type WorkspaceRole } from '@app/contracts';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class WorkspaceNameDto {
  @ApiProperty({ example: 'Marketing', minLength: 1, maxLength: WORKSPACE_NAME_MAX })
  @Transform(trimmed)
  @MaxLength(WORKSPACE_NAME_MAX, { message: `name: at most ${WORKSPACE_NAME_MAX} characters.` })
  @MinLength(1, { message: 'name: please give the workspace a name (1 to 64 characters).' })
  @IsString({ message: 'name: please give the workspace a name (1 to 64 characters).' })
  name: string;
}

export class MemberRoleDto {
  @ApiProperty({ enum: WORKSPACE_ROLES })
  @IsIn(WORKSPACE_ROLES, { message: `role must be one of ${WORKSPACE_ROLES.join(', ')}.` })
  role: WorkspaceRole;
}

export class CreateInvitationDto extends MemberRoleDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 30, default: 7 })
  @IsOptional()
  @Max(30, { message: 'expiresInDays must be a whole number of days from 1 to 30.' })
  @Min(1, { message: 'expiresInDays must be a whole number of days from 1 to 30.' })
  @IsInt({ message: 'expiresInDays must be a whole number of days from 1 to 30.' })
  expiresInDays?: number;
}
