// One request to a test app and its answer read to the end: the status, the text, the body parsed
// when it is JSON (else {}), and the headers. An object body is sent as JSON; a string body as is,
// as JSON unless the caller's headers say otherwise (a form, a provider's signed payload).
export type ApiAnswer<Body> = { status: number; text: string; body: Body; headers: Headers };

export type ApiCall = { body?: string | object; headers?: Record<string, string>; redirect?: RequestRedirect };

export async function callApi<Body = Record<string, unknown>>(url: string, method: string, init: ApiCall = {}): Promise<ApiAnswer<Body>> {
  const response = await fetch(url, {
    method,
    redirect: init.redirect,
    headers: { ...(init.body === undefined ? {} : { "Content-Type": "application/json" }), ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, text, body: (text.startsWith("{") ? JSON.parse(text) : {}) as Body, headers: response.headers };
}
