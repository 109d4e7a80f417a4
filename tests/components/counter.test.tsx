// The counter under the composer, the comment box and Edit profile's texts: what a screen reader
// hears counts in words that agree with the number ("1 character left", never "1 characters").
import { render } from "vitest-browser-react";
import { expect, test } from "vitest";
import { Counter } from "#app/components/Counter";

const heard = async (max: number, length: number) => {
  const screen = render(<Counter id="c" max={max} length={length} />);
  const text = screen.container.querySelector(".visually-hidden")!.textContent;
  screen.unmount();
  return text;
};

test("one character left or over is said in the singular, any other count in the plural", async () => {
  expect(await heard(60, 59)).toBe("1 character left");
  expect(await heard(60, 61)).toBe("1 character over the limit");
  expect(await heard(60, 58)).toBe("2 characters left");
  expect(await heard(60, 62)).toBe("2 characters over the limit");
  expect(await heard(60, 60)).toBe("0 characters left");
  expect(await heard(210, 0)).toBe("210 characters left");
});
