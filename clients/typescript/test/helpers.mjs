// A scripted HTTP server on loopback: answers each request with the next scripted answer and keeps
// what arrived (method, path, headers, body), so transport tests see exactly what the client sent.
import { createServer } from "node:http";

export async function scriptedServer(answers) {
  const requests = [];
  const queue = [...answers];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      requests.push({ method: req.method, url: req.url, headers: req.headers, body: text ? JSON.parse(text) : undefined, raw: text });
      const answer = queue.shift() ?? { status: 200, body: {} };
      if (answer.hangUp) {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { "content-type": "application/json", ...(answer.headers ?? {}) });
      res.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A sleep that records the waits instead of waiting. */
export function recordedSleeps() {
  const sleeps = [];
  const sleep = async (seconds) => {
    sleeps.push(seconds);
  };
  return { sleeps, sleep };
}

export const apiError = (status, code, message = "scripted", details = {}, headers = {}) => ({
  status,
  headers,
  body: { error: { code, message, details } },
});
