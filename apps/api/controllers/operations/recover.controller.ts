import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { RecoverResultDto } from '@app/contracts';
import { AdminOnly } from '@app/identity';
import { RecoverCommand } from '@app/operations';

@ApiTags('health')
@ApiBearerAuth()
@AdminOnly()
@Controller('api/admin/recover')
export class RecoverController {
  constructor(private readonly commands: CommandBus) {}

  /** Force Check: re-check, reconnect what is down, retry failed click jobs; says what it did. */
  @Post()
  @HttpCode(200)
  recover(): Promise<RecoverResultDto> {
    return this.commands.execute(new RecoverCommand());
  }
}
