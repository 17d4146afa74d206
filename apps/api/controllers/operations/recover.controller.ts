import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { RecoverResultDto } from '@app/contracts';
import { AdminOnly } from '@app/identity';
import { RecoveryService } from '@app/operations';

@ApiTags('health')
@ApiBearerAuth()
@AdminOnly()
@Controller('api/admin/recover')
export class RecoverController {
  constructor(private readonly recovery: RecoveryService) {}

  /** Force Check: re-check, reconnect what is down, retry failed click jobs; says what it did. */
  @Post()
  @HttpCode(200)
  recover(): Promise<RecoverResultDto> {
    return this.recovery.recover();
  }
}
