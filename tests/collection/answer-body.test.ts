// An answer's body as both the CLI's and the page's senders hand it to the engine (mock/tester/answer-body.ts).
import { expect, it } from "vitest";
import { answerBody } from "#mock/tester/answer-body";

it("an answer's body is its JSON when it is JSON, else its text, and null when empty", () => {
  expect(answerBody('{"a":[1,2]}')).toEqual({ a: [1, 2] });
  expect(answerBody("42")).toBe(42);
  expect(answerBody("null")).toBeNull();
  expect(answerBody("<p>hi</p>")).toBe("<p>hi</p>");
  expect(answerBody("{broken")).toBe("{broken");
  expect(answerBody("")).toBeNull();
});
