export interface JsonResponse {
  status: number;
  /** The parsed JSON body; the text when it is not JSON; null when empty. */
  body: any;
  headers: Headers;
}

export interface JsonRequest {
  /** Sent as JSON (a string is sent as it is). */
  body?: unknown;
  /** Sent as `Authorization: Bearer <session>`. */
  session?: string | null;
  headers?: Record<string, string>;
}

/** fetch with a JSON body in and out, as the web app and API clients call the api. */
export async function fetchJson(url: string, method: string, request: JsonRequest = {}): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...(request.headers ?? {}) };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.session) headers.authorization = `Bearer ${request.session}`;
  const res = await fetch(url, {
    method,
    headers,
    body: request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

/**
 * `api(method, path, body?, session?)` and `ok(...)` (the body, or throws on a status of 300 or more) against a base
 * URL, with a default session; both are read when a call is made, so a suite can bind them before its server starts.
 */
export function jsonClient(baseUrl: () => string, defaultSession: () => string | null = () => null) {
  const api = (method: string, path: string, body?: unknown, session: string | null = defaultSession()): Promise<JsonResponse> =>
    fetchJson(baseUrl() + path, method, { body, session });
  const ok = async (method: string, path: string, body?: unknown, session: string | null = defaultSession()): Promise<any> => {
    const res = await api(method, path, body, session);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return { api, ok };
}
