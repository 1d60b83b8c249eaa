// The inspector's only way to data: the public /v1 API with the user's bearer token.
// Errors keep the API's machine-readable code.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(`${code}: ${message}`);
    this.status = status;
    this.code = code;
  }
}

let token = sessionStorage.getItem("engram.token") || "";

export function setToken(value) {
  token = value || "";
  if (token) sessionStorage.setItem("engram.token", token);
  else sessionStorage.removeItem("engram.token");
}

export function hasToken() {
  return Boolean(token);
}

export function subject() {
  // The token's user (its `sub` claim), shown in the header; the API checks the signature.
  try {
    const payload = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
    const claims = JSON.parse(decodeURIComponent(escape(atob(payload))));
    return claims.sub || "";
  } catch {
    return "";
  }
}

export async function call(method, path, body) {
  const headers = { accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.code || `HTTP_${response.status}`, error.message || text);
  }
  return data;
}

export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

export const seg = encodeURIComponent;

// Local stack only: the gateway mints a demo token (POST /local/token); absent in AWS.
export async function localSignInAvailable() {
  try {
    const response = await fetch("/local/token", { method: "GET" });
    return response.ok;
  } catch {
    return false;
  }
}

export async function localSignIn(user) {
  const response = await fetch("/local/token", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user_id: user }),
  });
  const data = await response.json();
  if (!response.ok) throw new ApiError(response.status, data.error.code, data.error.message);
  return data.token;
}
