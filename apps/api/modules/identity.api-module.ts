import { Module } from '@nestjs/common';

/** Identity: controllers of this feature and the providers they need. */
@Module({ imports: [], controllers: [], providers: [] })
export class IdentityApiModule {}
