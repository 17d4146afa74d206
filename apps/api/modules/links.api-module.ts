import { Module } from '@nestjs/common';

/** Links: controllers of this feature and the providers they need. */
@Module({ imports: [], controllers: [], providers: [] })
export class LinksApiModule {}
