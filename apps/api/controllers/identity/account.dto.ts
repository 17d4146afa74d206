import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import type { ChangePasswordRequest } from '@app/contracts';
import { CredentialMessages as M, PASSWORD_MAX, PASSWORD_MIN } from '@app/identity';

/** Bottom-up like credentials.dto.ts: presence and type at the bottom. */
export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty({ format: 'password' })
  @MaxLength(PASSWORD_MAX, { message: 'currentPassword: the current password is not correct.' })
  @IsNotEmpty({ message: 'currentPassword: please enter your current password.' })
  @IsString({ message: 'currentPassword: please enter your current password.' })
  currentPassword: string;

  @ApiProperty({ format: 'password', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
  @MaxLength(PASSWORD_MAX, { message: `newPassword: ${M.passwordTooLong}` })
  @MinLength(PASSWORD_MIN, { message: `newPassword: ${M.passwordTooShort}` })
  @IsNotEmpty({ message: 'newPassword: please choose a new password.' })
  @IsString({ message: 'newPassword: please choose a new password.' })
  newPassword: string;
}

/** `DELETE /api/auth/account`: the current password (an account without one confirms by a fresh sign-in instead). */
const CODE_MESSAGE = 'code: enter the 6-digit code of your authenticator app or a recovery code.';

export class DeleteAccountDto {
  @ApiPropertyOptional({ format: 'password', description: 'The current password; not needed for an account without one.' })
  @MaxLength(PASSWORD_MAX, { message: 'password: the password is not correct.' })
  @IsString({ message: 'password: please enter your current password to delete your account.' })
  @IsOptional()
  password?: string;

  @ApiPropertyOptional({ example: '123456', description: "With two-factor sign-in on: the authenticator app's current code or a recovery code." })
  @MaxLength(32, { message: CODE_MESSAGE })
  @IsString({ message: CODE_MESSAGE })
  @IsOptional()
  code?: string;
}

export class TwoFactorCodeDto {
  @ApiProperty({ example: '123456', description: 'The 6-digit code of the authenticator app.' })
  @MaxLength(32, { message: CODE_MESSAGE })
  @IsNotEmpty({ message: CODE_MESSAGE })
  @IsString({ message: CODE_MESSAGE })
  code: string;
}

export class DisableTwoFactorDto extends TwoFactorCodeDto {
  @ApiProperty({ format: 'password', description: 'The account password (ignored for an account without one).' })
  @MaxLength(PASSWORD_MAX, { message: 'password: the password is not correct.' })
  @IsString({ message: 'password: please enter your password.' })
  password: string;
}

export class LoginTwoFactorDto extends TwoFactorCodeDto {
  @ApiProperty({ description: 'The challenge POST /api/auth/login answered.' })
  @MaxLength(64, { message: 'challenge: this sign-in has expired; please sign in again.' })
  @IsNotEmpty({ message: 'challenge: this sign-in has expired; please sign in again.' })
  @IsString({ message: 'challenge: this sign-in has expired; please sign in again.' })
  challenge: string;
}
