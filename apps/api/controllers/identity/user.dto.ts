import { ApiProperty } from '@nestjs/swagger';
import type { AuthResponse, UserDto } from '@app/contracts';

/** OpenAPI shapes of the contracts' UserDto / AuthResponse. */
export class UserResponse implements UserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() username: string;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty() isApproved: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) approvedAt: string | null;
}

export class AuthResponseDto implements AuthResponse {
  @ApiProperty({ type: UserResponse }) user: UserResponse;
  @ApiProperty({ description: 'Send as `Authorization: Bearer <sessionId>`. Shown once.' }) sessionId: string;
}

export class MeResponse {
  @ApiProperty({ type: UserResponse }) user: UserResponse;
}
