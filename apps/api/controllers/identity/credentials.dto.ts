import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';
import { CredentialMessages as M, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN, nfkcUsername } from '@app/identity';

/** Usernames are NFKC-normalised once, before any rule sees them (fullwidth ａｌｉｃｅ is alice). */
const NormalizeUsername = () => Transform(({ value }) => (typeof value === 'string' ? nfkcUsername(value) : value));

/**
 * class-validator runs a property's decorators bottom-up and stops at the first failure (stopAtFirstError), so the
 * most basic check (present, a string) sits at the bottom.
 *
 * Sign-up: the account rules apply.
 */
export class RegisterDto {
  @ApiProperty({ example: 'jane.doe', minLength: USERNAME_MIN, maxLength: USERNAME_MAX, pattern: USERNAME_PATTERN.source })
  @NormalizeUsername()
  @Matches(USERNAME_PATTERN, { message: M.usernameCharacters })
  @Length(USERNAME_MIN, USERNAME_MAX, { message: M.usernameLength })
  @IsNotEmpty({ message: M.usernameRequired })
  @IsString({ message: M.usernameRequired })
  username: string;

  @ApiProperty({ example: 'correct-horse-battery', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, format: 'password' })
  @MaxLength(PASSWORD_MAX, { message: M.passwordTooLong })
  @MinLength(PASSWORD_MIN, { message: M.passwordTooShort })
  @IsNotEmpty({ message: M.passwordRequired })
  @IsString({ message: M.passwordRequired })
  password: string;
}

/** Sign-in: only presence and a sane size are checked here; anything else is a plain 401. */
export class LoginDto {
  @ApiProperty({ example: 'admin' })
  @MaxLength(200, { message: M.invalidCredentials })
  @IsNotEmpty({ message: M.usernameRequired })
  @IsString({ message: M.usernameRequired })
  username: string;

  @ApiProperty({ example: 'admin-password-1', format: 'password' })
  @MaxLength(PASSWORD_MAX, { message: M.invalidCredentials })
  @IsNotEmpty({ message: M.passwordRequired })
  @IsString({ message: M.passwordRequired })
  password: string;
}
