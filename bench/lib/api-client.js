// A tiny JSON client for a bench's own api process: `call(method, path, body?, session?)` → { status, body }.

/** Calls `${base}${path}` with a JSON body and an optional session bearer; the body is null when not JSON. */
export function apiClient(base) {
  return async (method, path, body, session) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
}
