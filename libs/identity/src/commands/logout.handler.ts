import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { deleteSession } from '../sessions.js';
import { LogoutCommand } from './logout.command.js';

@CommandHandler(LogoutCommand)
export class LogoutHandler implements ICommandHandler<LogoutCommand> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(cmd: LogoutCommand): Promise<void> {
    if (cmd.sessionId) await deleteSession(this.dataSource, cmd.sessionId);
  }
}
