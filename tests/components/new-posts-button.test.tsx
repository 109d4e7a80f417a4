// The "Show N new posts" pill over a feed had no colour of its own (class "button" and no variant):
// it showed the browser's default button face, a grey box in the light theme and a darker grey one
// in the dark, unlike every other button of the app. It is the app's primary fill now.
import { render } from "vitest-browser-react";
import { expect, test } from "vitest";
import { axeInBothThemes } from "./harness";
import { NewPostsButton } from "#app/components/feed/NewPostsButton";

test("the new posts pill wears the app's primary fill in both themes, axe-clean", async () => {
  const screen = render(
    <>
      <NewPostsButton count={3} onShow={() => {}} />
      <button type="button" className="button button--primary">
        Post
      </button>
    </>,
  );
  const pill = screen.getByRole("button", { name: "Show 3 new posts" }).element();
  const primary = screen.getByRole("button", { name: "Post", exact: true }).element();
  for (const dark of [false, true]) {
    if (dark) document.documentElement.dataset.theme = "dark";
    const [a, b] = [getComputedStyle(pill), getComputedStyle(primary)];
    expect([a.backgroundColor, a.color], dark ? "dark" : "light").toEqual([b.backgroundColor, b.color]);
  }
  await axeInBothThemes();
});
