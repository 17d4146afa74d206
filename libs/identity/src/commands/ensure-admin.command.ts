import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, createLogger, type AppConfig } from '@app/config';
import { EventStore } from '@app/event-store';
import { ensureAdmin, type EnsureAdminResult } from './ensure-admin.js';

/** The first admin from ADMIN_USERNAME / ADMIN_PASSWORD, created if missing (see ensureAdmin). */
export class EnsureAdminCommand extends Command<EnsureAdminResult> {}

@CommandHandler(EnsureAdminCommand)
export class EnsureAdminHandler implements ICommandHandler<EnsureAdminCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute(): Promise<EnsureAdminResult> {
    return ensureAdmin(this.config, this.dataSource, this.store, createLogger('api', this.config.logLevel));
  }
}
