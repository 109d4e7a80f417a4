// A text box with a counter and an error (Edit profile's Bio, the descriptions of its photos and of
// the composer's picture): the counter took a row of its own between the box and the error, so Bio's
// "Bio must be at most 250 characters" sat a whole line further from its box than Name's "Name is
// required" from its own, under a band holding only the right-aligned "-10". The error now sits under
// its box as in every other field, and the counter on the same line, at its end.
import "#app/styles/app.css";
import { render } from "vitest-browser-react";
import { expect, test } from "vitest";
import { Counter } from "#app/components/Counter";
import { Field, TextareaField } from "#app/components/Field";

test("the error sits under its box as in a field without a counter, the counter on its line at the end", async () => {
  const screen = render(
    <form className="form" style={{ width: 343 }}>
      <div data-field="name">
        <Field label="Name" inputProps={{ name: "firstName" }} errors={["Name is required"]} />
      </div>
      <div data-field="bio">
        <TextareaField
          label="Bio"
          textareaProps={{ name: "bio", rows: 3, "aria-describedby": "bio-counter" }}
          errors={["Bio must be at most 250 characters"]}
          extra={<Counter id="bio-counter" max={250} length={260} />}
        />
      </div>
      <div data-field="quiet">
        <TextareaField
          label="About"
          textareaProps={{ name: "about", rows: 3 }}
          extra={<Counter id="about-counter" max={250} length={3} />}
        />
      </div>
    </form>,
  );
  const part = (field: string, selector: string) =>
    screen.container.querySelector(`[data-field="${field}"] ${selector}`)!.getBoundingClientRect();
  const nameGap = Math.round(part("name", ".error-list").top - part("name", ".input").bottom);
  expect(Math.round(part("bio", ".error-list").top - part("bio", ".input").bottom)).toBe(nameGap);
  // The counter shares the error's first line, at the box's end.
  const counter = part("bio", ".counter");
  const error = part("bio", ".error-list li");
  expect(Math.round(counter.top)).toBe(Math.round(error.top));
  expect(Math.round(counter.right)).toBe(Math.round(part("bio", ".input").right));
  expect(counter.left).toBeGreaterThan(error.right);
  // Without an error the counter keeps its place: under the box, at its end.
  expect(Math.round(part("quiet", ".counter").top - part("quiet", ".input").bottom)).toBe(nameGap);
  expect(Math.round(part("quiet", ".counter").right)).toBe(Math.round(part("quiet", ".input").right));
});
