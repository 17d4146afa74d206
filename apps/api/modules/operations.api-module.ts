import { Module } from '@nestjs/common';

/** Operations: controllers of this feature and the providers they need. */
@Module({ imports: [], controllers: [], providers: [] })
export class OperationsApiModule {}
