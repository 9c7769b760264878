// A webhook receiver on loopback for the integration tests: it records every request and answers
// as the test says.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { headers: Record<string, string>; body: string; at: number };

export type Answer = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

export type Receiver = {
  url: string;
  received: ReceivedWebhook[];
  /** Decides each answer; 200 unless set. */
  answer: (webhook: ReceivedWebhook, index: number) => Answer;
  /** Resolves once `predicate` holds over what has arrived (checked on each arrival and every 50 ms). */
  waitFor(predicate: (received: ReceivedWebhook[]) => boolean, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
};

export async function startReceiver(path = "/hooks"): Promise<Receiver> {
  const receiver: Receiver = {
    url: "",
    received: [],
    answer: () => ({ status: 200 }),
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(receiver.received)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met within ${timeoutMs} ms (${receiver.received.length} received)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return receiver.received;
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const webhook: ReceivedWebhook = {
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      const index = receiver.received.push(webhook) - 1;
      const answer = receiver.answer(webhook, index);
      const send = () => {
        response.writeHead(answer.status, answer.headers ?? {});
        response.end(answer.body ?? "ok");
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
