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

/** Fills `:param` placeholders (e.g. with a random uuid). */
export function fillPath(path: string, value: (param: string) => string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => encodeURIComponent(value(name)));
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}
