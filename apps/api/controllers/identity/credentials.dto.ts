import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';
import {
  CredentialMessages as M,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '@app/identity';

/** Sign-up: the account rules apply. */
export class RegisterDto {
  @ApiProperty({ example: 'jane.doe', minLength: USERNAME_MIN, maxLength: USERNAME_MAX, pattern: USERNAME_PATTERN.source })
  @IsString({ message: M.usernameRequired })
  @IsNotEmpty({ message: M.usernameRequired })
  @Length(USERNAME_MIN, USERNAME_MAX, { message: M.usernameLength })
  @Matches(USERNAME_PATTERN, { message: M.usernameCharacters })
  username: string;

  @ApiProperty({ example: 'correct-horse-battery', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, format: 'password' })
  @IsString({ message: M.passwordRequired })
  @IsNotEmpty({ message: M.passwordRequired })
  @MinLength(PASSWORD_MIN, { message: M.passwordTooShort })
  @MaxLength(PASSWORD_MAX, { message: M.passwordTooLong })
  password: string;
}

/** Sign-in: only presence and a sane size are checked here; anything else is a plain 401. */
export class LoginDto {
  @ApiProperty({ example: 'admin' })
  @IsString({ message: M.usernameRequired })
  @IsNotEmpty({ message: M.usernameRequired })
  @MaxLength(200, { message: 'Invalid username or password' })
  username: string;

  @ApiProperty({ example: 'admin-password-1', format: 'password' })
  @IsString({ message: M.passwordRequired })
  @IsNotEmpty({ message: M.passwordRequired })
  @MaxLength(PASSWORD_MAX, { message: 'Invalid username or password' })
  password: string;
}
