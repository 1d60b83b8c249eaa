// examples/line-bot.mjs (the README's LINE bot) for real: a signed webhook in, the bot asks Engram for
// the prompt, its model (the OpenAI stand-in) answers, the reply reaches the LINE stand-in and Engram
// holds the round. tests/integration/test_typescript_client.py starts the stack and the stand-ins and
// sets ENGRAM_URL, ENGRAM_BACKEND_KEY, LINE_API_BASE, LINE_CHANNEL_ACCESS_TOKEN and OPENAI_BASE_URL.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { once } from "node:events";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { EngramClient } from "@engram/client";

const env = process.env;
const skip = env.ENGRAM_URL && env.LINE_API_BASE ? false : "no local stack: ENGRAM_URL / LINE_API_BASE are not set";
if (skip && env.ENGRAM_TS_REQUIRE_STACK) throw new Error("ENGRAM_TS_REQUIRE_STACK is set but the stack's URLs are not");

const SECRET = "test-channel-secret";
const sign = (body) => createHmac("sha256", SECRET).update(body).digest("base64");

async function replyToken() {
  const response = await fetch(`${env.LINE_API_BASE}/_standin/reply-token`, { method: "POST", body: "{}" });
  return (await response.json()).replyToken;
}

async function sentWith(token, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sent = await (await fetch(`${env.LINE_API_BASE}/_standin/sent`)).json();
    const mine = sent.filter((s) => s.kind === "reply" && s.to === token);
    if (mine.length || Date.now() > deadline) return mine;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function textEvent(userId, text, token) {
  return {
    type: "message",
    mode: "active",
    timestamp: Date.now(),
    source: { type: "user", userId },
    webhookEventId: randomUUID().replace(/-/g, "").toUpperCase(),
    deliveryContext: { isRedelivery: false },
    replyToken: token,
    message: { type: "text", id: String(Date.now()), quoteToken: "q", text },
  };
}

describe("the README's LINE bot", { skip }, () => {
  let bot;
  let webhook;

  before(async () => {
    const script = fileURLToPath(new URL("../examples/line-bot.mjs", import.meta.url));
    bot = spawn(process.execPath, [script], {
      env: {
        ...env,
        PORT: "0",
        LINE_CHANNEL_SECRET: SECRET,
        ENGRAM_API_KEY: env.ENGRAM_BACKEND_KEY,
        OPENAI_API_KEY: "sk-test",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const [line] = await once(bot.stdout, "data");
    webhook = String(line).match(/http:\/\/\S+\/webhook/)[0];
  });

  after(() => bot?.kill());

  async function deliver(events, signature) {
    const body = JSON.stringify({ destination: "Ubot", events });
    return fetch(webhook, {
      method: "POST",
      headers: { "content-type": "application/json", "x-line-signature": signature ?? sign(body) },
      body,
    });
  }

  test("a signed message is answered through LINE with Engram's prompt, and Engram keeps the rounds", async () => {
    const userId = `U${randomUUID().replace(/-/g, "")}`;
    const first = await replyToken();
    assert.equal((await deliver([textEvent(userId, "I am allergic to penicillin.", first)])).status, 200);
    const [reply] = await sentWith(first);
    assert.deepEqual(reply.texts, ["stub reply to: I am allergic to penicillin."]);

    const second = await replyToken();
    assert.equal((await deliver([textEvent(userId, "What am I allergic to?", second)])).status, 200);
    assert.deepEqual((await sentWith(second))[0].texts, ["stub reply to: What am I allergic to?"]);

    const engram = new EngramClient({ baseUrl: env.ENGRAM_URL, apiKey: env.ENGRAM_BACKEND_KEY, userId: `line:${userId}` });
    const session = await engram.getSession("line", userId);
    assert.equal(session.turn_count, 2);
    assert.deepEqual(
      session.recent.map((t) => [t.user, t.assistant]),
      [
        ["I am allergic to penicillin.", "stub reply to: I am allergic to penicillin."],
        ["What am I allergic to?", "stub reply to: What am I allergic to?"],
      ],
    );
  });

  test("a redelivered event is recorded once (its webhook event id is the idempotency key)", async () => {
    const userId = `U${randomUUID().replace(/-/g, "")}`;
    const event = textEvent(userId, "My inhaler is blue.", await replyToken());
    assert.equal((await deliver([event])).status, 200);
    const redelivery = { ...event, replyToken: await replyToken(), deliveryContext: { isRedelivery: true } };
    assert.equal((await deliver([redelivery])).status, 200);
    const engram = new EngramClient({ baseUrl: env.ENGRAM_URL, apiKey: env.ENGRAM_BACKEND_KEY, userId: `line:${userId}` });
    assert.equal((await engram.getSession("line", userId)).turn_count, 1);
  });

  test("a webhook with a wrong signature is refused and nothing is sent", async () => {
    const token = await replyToken();
    const response = await deliver([textEvent("U0", "hello", token)], sign("another body"));
    assert.equal(response.status, 401);
    assert.deepEqual(await sentWith(token, 300), []);
  });
});

test("the README shows examples/line-bot.mjs as it is", async () => {
  const { readFile } = await import("node:fs/promises");
  const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
  const example = await readFile(new URL("../examples/line-bot.mjs", import.meta.url), "utf8");
  assert.ok(readme.includes("```js\n" + example + "```"), "README.md's LINE bot block differs from examples/line-bot.mjs");
});
