import { ApiProperty } from '@nestjs/swagger';
import type { AuthResponse, SessionDto, TwoFactorChallengeResponse, UserDto } from '@app/contracts';

/** OpenAPI shapes of the contracts' UserDto / AuthResponse. */
export class UserResponse implements UserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() username: string;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty() isApproved: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) approvedAt: string | null;
  @ApiProperty({ description: 'An admin reset the password: every call but POST /api/auth/password answers 403 until it is changed.' })
  mustChangePassword: boolean;
  @ApiProperty() twoFactorEnabled: boolean;
  @ApiProperty({ description: 'False for an account made by single sign-on that has no password.' }) hasPassword: boolean;
}

export class AuthResponseDto implements AuthResponse {
  @ApiProperty({ type: UserResponse }) user: UserResponse;
  @ApiProperty({ description: 'Send as `Authorization: Bearer <sessionId>`. Shown once.' }) sessionId: string;
}

export class TwoFactorChallengeDto implements TwoFactorChallengeResponse {
  @ApiProperty({ enum: [true] }) twoFactorRequired: true;
  @ApiProperty({ description: 'Send with the code to POST /api/auth/login/2fa; ends after 5 minutes or 5 wrong codes.' }) challenge: string;
}

export class MeResponse {
  @ApiProperty({ type: UserResponse }) user: UserResponse;
}

export class SessionResponse implements SessionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) lastUsedAt: string;
  @ApiProperty({ nullable: true, type: String }) userAgent: string | null;
  @ApiProperty({ example: 'Chrome on macOS' }) device: string;
  @ApiProperty({ nullable: true, type: String }) ip: string | null;
  @ApiProperty({ description: 'The session making this request.' }) current: boolean;
}
