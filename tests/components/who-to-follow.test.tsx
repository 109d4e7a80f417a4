// Who to follow's rows show the follow store (app/lib/follow-store.ts), not only the list the shell's
// loader read: another tab's follow, read at once (app/lib/live-changes.ts readOwnRecord), changes the
// row's button in place, the person stays where they were, and the newer of that read and this tab's
// own answer wins, whatever order they come in.
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { render } from "vitest-browser-react";
import { expect, test } from "vitest";
import { WhoToFollow } from "#app/components/WhoToFollow";
import { markFollowing, setFollowing, setFollowingOf } from "#app/lib/follow-store";
import type { User } from "#app/lib/types";

const person = (_id: string, username: string, firstName: string, lastName: string) =>
  ({ _id, username, firstName, lastName, userPhoto: "", followers: [], following: [] }) as unknown as User;
const lena = person("u-lena", "lenaokafor", "Lena", "Okafor");
const people = [lena, person("u-marco", "marcoreyes", "Marco", "Reyes"), person("u-ada", "adasterling", "Ada", "Sterling")];

test("another tab's follow changes the row's button in place, newer wins, and no row moves", async () => {
  // The shell read the list and the session user's follows (none) at version 20.
  setFollowing([], 20);
  const router = createMemoryRouter([{ id: "shell", path: "/", element: <WhoToFollow users={{ ok: true, value: people }} me="guest" /> }]);
  const screen = render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
  const lenaButton = screen.getByRole("button", { name: /@lenaokafor/ });
  await expect.element(lenaButton).toHaveAccessibleName("Follow @lenaokafor");
  const rows = () => [...screen.container.querySelectorAll(".suggestion")].map((row) => row.textContent);
  const before = rows();

  // Another tab followed Lena: this tab read the user record at version 22.
  setFollowingOf({ following: [{ _id: lena._id }] }, 22);
  await expect.element(lenaButton).toHaveAccessibleName("Following @lenaokafor: unfollow");
  await expect.element(lenaButton).toHaveTextContent("Following");
  expect(rows()).toEqual(before.map((row) => (row?.includes("Lena") ? row.replace(/Follow$/, "Following") : row)));
  await expect.element(screen.getByRole("button", { name: "Follow @marcoreyes" })).toBeVisible();

  // The screen's revalidation, read before that follow (version 21), lands later: it does not take it back.
  setFollowingOf({ following: [] }, 21);
  await expect.element(lenaButton).toHaveAccessibleName("Following @lenaokafor: unfollow");

  // This tab's own unfollow, answered at version 23, is newer than the broadcast's read: it wins ...
  markFollowing(lena._id, false, 23);
  await expect.element(lenaButton).toHaveAccessibleName("Follow @lenaokafor");
  // ... over the older read again, and a newer one (another tab followed again, 24) wins over it.
  setFollowingOf({ following: [{ _id: lena._id }] }, 22);
  await expect.element(lenaButton).toHaveAccessibleName("Follow @lenaokafor");
  setFollowingOf({ following: [{ _id: lena._id }] }, 24);
  await expect.element(lenaButton).toHaveAccessibleName("Following @lenaokafor: unfollow");
  expect(rows()).toHaveLength(people.length);
});
