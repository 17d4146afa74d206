import { Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import express, { type RequestHandler } from 'express';
import type { Observable } from 'rxjs';
import { refused, verifyJsonBody } from './json-depth.js';

/** What a JSON body may weigh unless its route says otherwise (`@BodyLimit`). */
export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;
const BODY_LIMIT = 'lp:body-limit';

/** A route whose JSON bodies may be larger than the default (e.g. imports carry whole export files). */
export const BodyLimit = (bytes: number) => SetMetadata(BODY_LIMIT, bytes);

/**
 * JSON bodies are read here, in a global interceptor, so the session guard has already let the request in: an
 * anonymous request is refused before a byte of its body is read, whatever limit its route allows. Compressed bodies
 * are never inflated (`inflate: false` → 415): a 20 kB gzip bomb would otherwise cost the event loop 20 MB of inflate
 * and parse. docs/security.md "Request bodies".
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  private readonly parsers = new Map<number, RequestHandler>();

  constructor(private readonly reflector: Reflector) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() === 'http') {
      const limit = this.reflector.getAllAndOverride<number | undefined>(BODY_LIMIT, [context.getHandler(), context.getClass()]);
      const http = context.switchToHttp();
      await this.parse(limit ?? DEFAULT_BODY_LIMIT_BYTES, http.getRequest(), http.getResponse());
    }
    return next.handle();
  }

  private parse(limit: number, req: express.Request, res: express.Response): Promise<void> {
    let parser = this.parsers.get(limit);
    if (!parser) {
      parser = express.json({ limit, strict: true, inflate: false, verify: verifyJsonBody });
      this.parsers.set(limit, parser);
    }
    const run = parser;
    return new Promise((resolve, reject) =>
      run(req, res, (err?: unknown) => {
        if (err) reject(err);
        // Every route's body is one DTO (strict parsing already refuses strings, numbers and null). An array of
        // 50,000 items became 50,000 "property N should not exist" errors, ~400 ms of event loop a request.
        else if (Array.isArray(req.body)) reject(refused('entity.not.object'));
        else resolve();
      }),
    );
  }
}
