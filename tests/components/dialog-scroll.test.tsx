// Edit profile scrolled lost its header (title and Close went up with the photos, Update sat at the very
// bottom), and at 200 % zoom it opened already scrolled past them, to Name. A dialog's header stays in
// view as it scrolls, Edit profile's Update too, and a dialog opens at its top with focus on Name.
import "#app/styles/app.css";
import { page } from "@vitest/browser/context";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { render } from "vitest-browser-react";
import { expect, test } from "vitest";
import { EditProfileModal } from "#app/components/profile/EditProfileModal";
import type { User } from "#app/lib/types";

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const user = { _id: "u-ada", username: "ada", firstName: "Ada", bio: "Bio", coverPhoto: PNG, userPhoto: PNG } as unknown as User;

/** The element a click at the middle of `el` would reach is `el` itself (or inside it): nothing covers it. */
const onTop = (el: Element) => {
  const box = el.getBoundingClientRect();
  return el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
};

test.each([
  [375, 640],
  [640, 400],
])("at %i × %i px Edit profile opens at its top on Name, and its header and Update stay in view as it scrolls", async (w, h) => {
  await page.viewport(w, h);
  const router = createMemoryRouter([{ path: "/", element: <EditProfileModal user={user} onClose={() => {}} /> }]);
  const screen = render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
  await expect.poll(() => document.activeElement?.getAttribute("name")).toBe("firstName");
  const panel = document.querySelector<HTMLElement>(".modal__panel")!;
  expect(panel.scrollHeight).toBeGreaterThan(panel.clientHeight);
  expect(panel.scrollTop).toBe(0);
  const close = screen.getByRole("button", { name: "Close" }).element();
  const update = screen.getByRole("button", { name: "Update" }).element();
  for (const top of [panel.scrollHeight / 2, panel.scrollHeight]) {
    panel.scrollTop = top;
    await expect
      .poll(() => [onTop(close), onTop(screen.getByRole("heading", { name: "Edit profile" }).element()), onTop(update)])
      .toEqual([true, true, true]);
  }
  screen.unmount();
});
