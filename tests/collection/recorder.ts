// A stand-in Sender for tests that run the engine without a network: it records each request as it goes out and
// answers 200 with no body, or what `answer` gives for it.
import type { Exchange, OutgoingRequest, Sender } from "#mock/tester/engine/exchange";

export function recorder(answer: (request: OutgoingRequest, n: number) => Partial<Exchange> = () => ({})) {
  const sent: OutgoingRequest[] = [];
  const sender: Sender = {
    where: "test",
    close: async () => {},
    async send(request) {
      // The request as it comes: the engine has written the jar's Cookie row into it.
      sent.push(request);
      return { status: 200, statusText: "OK", headers: {}, body: null, ms: 1, ...answer(request, sent.length - 1) };
    },
  };
  return { sender, sent };
}
