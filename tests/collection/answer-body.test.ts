// An answer's body as both the CLI's and the page's senders hand it to the engine (mock/tester/answer-body.ts).
import { expect, it } from "vitest";
import { answerBody, textAnswer } from "#mock/tester/answer-body";

it("an answer's body is its JSON when it is JSON, else its text, and null when empty", () => {
  expect(answerBody('{"a":[1,2]}')).toEqual({ a: [1, 2] });
  expect(answerBody("42")).toBe(42);
  expect(answerBody("null")).toBeNull();
  expect(answerBody("<p>hi</p>")).toBe("<p>hi</p>");
  expect(answerBody("{broken")).toBe("{broken");
  expect(answerBody("")).toBeNull();
});

it("a body whose JSON would not give its text back keeps the text as written, for pm.response.text()", async () => {
  for (const text of ['{ "a": 1 }', "1.50", '"quoted"', '{"é":"\\u00e9"}', "[1,2]\n"]) {
    const answer = textAnswer(text);
    expect(answer.body).toEqual(answerBody(text));
    expect(await answer.text!()).toBe(text);
  }
  // Given back by the parsed body already: nothing more is kept.
  for (const text of ['{"a":[1,2]}', "42", "<p>hi</p>", "", "null"]) expect(textAnswer(text).text).toBeUndefined();
});
