// A LINE bot with memory: @line/bot-sdk receives the webhook (its middleware checks the signature),
// Engram assembles each prompt (context) and keeps the conversation (recordTurn), your own LLM answers
// (any OpenAI-compatible chat-completions endpoint), and the reply goes back through the Messaging API.
//
//   LINE_CHANNEL_SECRET=... LINE_CHANNEL_ACCESS_TOKEN=... ENGRAM_URL=... ENGRAM_API_KEY=... \
//   OPENAI_API_KEY=... node examples/line-bot.mjs        # then point the channel's webhook at /webhook
//
// In AWS a backend signs with SigV4 instead of a key: sigv4: awsSigV4({ region, credentials:
// fromNodeProviderChain() }) (@smithy/signature-v4 and @aws-sdk/credential-providers installed).
import { createServer } from "node:http";

import { EngramClient } from "@engram/client";
import { messagingApi, middleware, SignatureValidationFailed } from "@line/bot-sdk";

const env = process.env;
const PERSONA = env.ENGRAM_PERSONA ?? "line";

const engram = new EngramClient({ baseUrl: env.ENGRAM_URL, apiKey: env.ENGRAM_API_KEY });
const line = new messagingApi.MessagingApiClient({
  channelAccessToken: env.LINE_CHANNEL_ACCESS_TOKEN,
  ...(env.LINE_API_BASE ? { baseURL: env.LINE_API_BASE } : {}), // the local LINE stand-in, in tests
});
const checkSignature = middleware({ channelSecret: env.LINE_CHANNEL_SECRET });

/** Your LLM: Engram's prompt messages in, the answer out. */
async function complete(messages) {
  const base = env.OPENAI_BASE_URL ?? "https://api.openai.com/v1";
  const response = await fetch(`${base}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${env.OPENAI_API_KEY}` },
    body: JSON.stringify({ model: env.CHAT_MODEL ?? "gpt-4o-mini", messages }),
  });
  if (!response.ok) throw new Error(`the model answered ${response.status}`);
  return (await response.json()).choices[0].message.content ?? "";
}

async function handleEvent(event) {
  if (event.type !== "message" || event.message.type !== "text") return;
  // one Engram user per LINE user; one session per chat (a group or room is a chat of its own)
  const user = engram.forUser(`line:${event.source.userId}`);
  const session = event.source.groupId ?? event.source.roomId ?? event.source.userId;
  const text = event.message.text;
  const context = await user.context(PERSONA, session, text); // memories, summary, recent rounds + this message
  const reply = await complete(context.messages.map(({ role, content }) => ({ role, content })));
  await line.replyMessage({ replyToken: event.replyToken, messages: [{ type: "text", text: reply }] });
  // LINE redelivers a webhook it got no answer to: its event id as the idempotency key records it once
  await user.recordTurn(PERSONA, session, text, reply, { idempotencyKey: event.webhookEventId });
}

const server = createServer((req, res) => {
  if (req.method !== "POST" || req.url !== "/webhook") {
    res.writeHead(404).end();
    return;
  }
  checkSignature(req, res, (error) => {
    if (error) {
      res.writeHead(error instanceof SignatureValidationFailed ? 401 : 400).end();
      return;
    }
    Promise.all(req.body.events.map(handleEvent)).then(
      () => res.writeHead(200).end(),
      (failure) => {
        console.error(failure);
        res.writeHead(500).end();
      },
    );
  });
});

server.listen(Number(env.PORT ?? 3000), "127.0.0.1", () => {
  console.log(`LINE bot listening on http://127.0.0.1:${server.address().port}/webhook`);
});
