// A field's status line (a username's availability, a password's strength) is a polite live region
// kept in place while it says nothing, so a screen reader hears what it says next. Empty, it took a
// row of the field's grid and the gap before it: in Signup the Username's error sat 6 px further from
// its hint than the Name's did from its own, and the Password's error 6 px further from its box than
// Confirm Password's. Empty, it now takes no room, and it is still there, in the accessibility tree.
import "#app/styles/app.css";
import { render } from "vitest-browser-react";
import { expect, test } from "vitest";
import { Field } from "#app/components/Field";

const gapAbove = (root: HTMLElement, above: string) => {
  const a = root.querySelector(above)!.getBoundingClientRect();
  const error = root.querySelector(".error-list")!.getBoundingClientRect();
  return Math.round(error.top - a.bottom);
};

test("an empty status line takes no room: the error sits as far from the hint, or the box, as in a field without one", async () => {
  const screen = render(
    <form className="form" style={{ width: 400 }}>
      <div data-field="plain">
        <Field label="Name" inputProps={{ name: "a" }} hint="Up to 12 characters." errors={["Name is required"]} />
      </div>
      <div data-field="quiet">
        <Field label="Username" inputProps={{ name: "b" }} hint="Up to 12 letters." errors={["Username is required"]} status={null} />
      </div>
      <div data-field="bare">
        <Field label="Confirm" inputProps={{ name: "c" }} errors={["Confirm is required"]} />
      </div>
      <div data-field="bare-quiet">
        <Field label="Password" inputProps={{ name: "d" }} errors={["Password is required"]} status="" />
      </div>
      <div data-field="saying">
        <Field label="Username" inputProps={{ name: "e" }} hint="Up to 12 letters." errors={["Taken"]} status="Checking @ada…" />
      </div>
    </form>,
  );
  const field = (name: string) => screen.container.querySelector<HTMLElement>(`[data-field="${name}"]`)!;
  expect(gapAbove(field("quiet"), ".field__hint")).toBe(gapAbove(field("plain"), ".field__hint"));
  expect(gapAbove(field("bare-quiet"), ".input")).toBe(gapAbove(field("bare"), ".input"));
  // Still there for a screen reader to hear what it says next, and shown once it says something.
  const quiet = field("quiet").querySelector(".field__status")!;
  expect(quiet.getAttribute("aria-live")).toBe("polite");
  expect(getComputedStyle(quiet).display).not.toBe("none");
  const saying = field("saying").querySelector(".field__status")!.getBoundingClientRect();
  const hint = field("saying").querySelector(".field__hint")!.getBoundingClientRect();
  expect(saying.height).toBeGreaterThan(0);
  expect(saying.top).toBeGreaterThanOrEqual(hint.bottom);
  expect(gapAbove(field("saying"), ".field__status")).toBe(gapAbove(field("plain"), ".field__hint"));
});
