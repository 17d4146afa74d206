import type { INestApplication } from '@nestjs/common';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Express path as registered, e.g. `/api/links/:id`. */
  path: string;
}

/** `METHOD path`, the key the policy tables use. */
export const routeKey = (r: ApiRoute): string => `${r.method} ${r.path}`;

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every route the running Nest app registered with Express 5 (router stack layers that carry a `route`), sorted and
 * deduplicated. Reading the live router rather than the source means a route cannot be missed by a grep.
 */
export function readRouteTable(app: INestApplication): ApiRoute[] {
  const express = app.getHttpAdapter().getInstance() as { router?: { stack: Layer[] }; _router?: { stack: Layer[] } };
  const stack = (express.router ?? express._router)?.stack ?? [];
  const found = new Map<string, ApiRoute>();
  for (const layer of stack) {
    if (!layer.route) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const path of paths) {
      if (typeof path !== 'string') continue;
      for (const [m, on] of Object.entries(layer.route.methods)) {
        const method = m.toUpperCase();
        if (!on || !METHODS.has(method)) continue;
        const route = { method: method as ApiRoute['method'], path };
        found.set(routeKey(route), route);
      }
    }
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Fills `:param` placeholders (e.g. with a random uuid), percent-encoded; `raw` leaves the value as given. */
export function fillPath(path: string, value: (param: string) => string, opts: { raw?: boolean } = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => (opts.raw ? value(name) : percentEncode(value(name))));
}

/** encodeURIComponent, except that a lone surrogate is sent as its (invalid) WTF-8 bytes instead of throwing. */
function percentEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        const code = ch.codePointAt(0)!;
        if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(ch);
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => '%' + b.toString(16).toUpperCase()).join('');
      })
      .join('');
  }
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}
