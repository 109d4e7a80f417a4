// Back after a logout, the welcome page read "Log in to continue to /settings.": a path, not a page anyone
// names. It names the page: "to Settings", "to @ada's profile".
import "#app/styles/app.css";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { render } from "vitest-browser-react";
import { expect, test } from "vitest";
import Welcome from "#app/routes/_index/route";

test.each([
  ["/settings", "Settings"],
  ["/explore?q=sun&type=posts", "Explore"],
  ["/profile/ada", "@ada's profile"],
  ["/tags/sunset", "#sunset"],
  ["/post/p-1", "the post"],
])("redirectTo=%s reads 'Log in to continue to %s.'", async (path, name) => {
  const router = createMemoryRouter([{ path: "/", element: <Welcome /> }], {
    initialEntries: [`/?redirectTo=${encodeURIComponent(path)}`],
  });
  const screen = render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
  await expect.element(screen.getByText(/^Log in to continue to/)).toHaveTextContent(`Log in to continue to ${name}.`);
  screen.unmount();
});
