// A Follow button shows the signed-in user's following list (app/lib/follow-store.ts), newest
// wins, over the list it sits in: Remix puts a fetcher back to idle in the same router state as
// the loaders' new data, but changes the old state's fetcher map in place, so a render of the old
// state in between showed the follow done and the old list: "Follow" for a frame after a follow.
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { render } from "vitest-browser-react";
import { expect, test } from "vitest";
import { FollowButton } from "#app/components/FollowButton";
import { followsViewer } from "#app/lib/follow";
import { markFollowing, setFollowing } from "#app/lib/follow-store";

const ada = { _id: "u-ada", username: "adasterling", firstName: "Ada", lastName: "Sterling", userPhoto: "" };

test("the button follows the follow's answer while the list it sits in is older, and a newer read", async () => {
  // The list the button sits in says "not following", as a loader read before the follow did.
  const router = createMemoryRouter([{ id: "list", path: "/", element: <FollowButton user={ada} following={false} /> }]);
  // Remix renders the router this way (v7_startTransition).
  const screen = render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
  const button = screen.getByRole("button", { name: /@adasterling/ });
  await expect.element(button).toHaveAccessibleName("Follow @adasterling");

  // The shell read the session user's list at version 4: not following.
  setFollowing([], 4);
  await expect.element(button).toHaveAccessibleName("Follow @adasterling");
  // The follow's answer, saved at version 5, with no fetcher pending and the list unchanged.
  markFollowing(ada._id, true, 5);
  await expect.element(button).toHaveAccessibleName("Following @adasterling: unfollow");
  // A read older than the answer (version 4 again) does not take it back.
  setFollowing([], 4);
  await expect.element(button).toHaveAccessibleName("Following @adasterling: unfollow");
  // A newer read does: another tab unfollowed at version 6.
  setFollowing([], 6);
  await expect.element(button).toHaveAccessibleName("Follow @adasterling");
});

// Notifications said "Follow back" to someone who follows you; the same person's row in your Followers
// list said "Follow". One rule now: anyone who follows you and whom you do not follow is offered
// "Follow back" (X, Bluesky, Instagram), wherever their button is.
test("someone who follows you and whom you do not follow is offered Follow back; once followed, Following", async () => {
  const marco = { ...ada, _id: "u-marco", username: "marcoreyes" };
  expect(followsViewer({ following: [{ username: "guest" }] }, "guest")).toBe(true);
  expect(followsViewer({ following: [] }, "guest")).toBe(false);
  const router = createMemoryRouter([
    {
      id: "list",
      path: "/",
      element: (
        <>
          <FollowButton user={marco} following={false} followsYou />
          <FollowButton user={ada} following={false} />
        </>
      ),
    },
  ]);
  setFollowing([], 7);
  const screen = render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
  const back = screen.getByRole("button", { name: "Follow back @marcoreyes" });
  await expect.element(back).toHaveTextContent("Follow back");
  await expect.element(screen.getByRole("button", { name: "Follow @adasterling" })).toHaveTextContent(/^Follow$/);
  markFollowing(marco._id, true, 8);
  await expect.element(screen.getByRole("button", { name: "Following @marcoreyes: unfollow" })).toHaveTextContent("Following");
});
