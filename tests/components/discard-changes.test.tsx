// Edit profile closed by Escape or Cancel after typing a new bio threw the bio away without a word, and
// reopening showed the old one. A dialog's form with changes asks first ("Discard changes?", focus on
// Keep editing, Escape keeps editing), as X and Bluesky do; unchanged, it closes at once. Edit post too.
import "#app/styles/app.css";
import { userEvent } from "@vitest/browser/context";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { render } from "vitest-browser-react";
import { expect, test, vi } from "vitest";
import { EditPostDialog } from "#app/components/PostCard/EditPostDialog";
import { EditProfileModal } from "#app/components/profile/EditProfileModal";
import type { Post, User } from "#app/lib/types";

// tests/fixtures/images.ts's 1×1 PNG (that module needs Node's Buffer).
const PNG_URL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const user = { _id: "u-ada", username: "ada", firstName: "Ada", bio: "Old bio", followers: [], following: [] } as unknown as User;

function inRouter(element: JSX.Element) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
}

test("Edit profile with a new bio asks before Escape or Cancel throw it away; unchanged, it closes at once", async () => {
  const onClose = vi.fn();
  const screen = inRouter(<EditProfileModal user={user} onClose={onClose} />);
  await expect.poll(() => document.activeElement?.getAttribute("name")).toBe("firstName");
  await userEvent.keyboard("{Escape}");
  expect(onClose).toHaveBeenCalledTimes(1);

  await userEvent.fill(screen.getByRole("textbox", { name: "Bio", exact: true }), "New bio");
  await userEvent.keyboard("{Escape}");
  const question = screen.getByRole("alertdialog", { name: "Discard changes?" });
  await expect.element(question).toBeVisible();
  await expect.poll(() => document.activeElement?.textContent).toBe("Keep editing");
  // Escape answers the question (keep editing), not the dialog behind it.
  await userEvent.keyboard("{Escape}");
  await expect.element(question).not.toBeInTheDocument();
  expect(onClose).toHaveBeenCalledTimes(1);
  await expect.element(screen.getByRole("textbox", { name: "Bio", exact: true })).toHaveValue("New bio");

  await screen.getByRole("button", { name: "Cancel" }).click();
  await screen.getByRole("button", { name: "Discard" }).click();
  expect(onClose).toHaveBeenCalledTimes(2);
  screen.unmount();
});

test("Edit post with changed text asks before Close throws it away", async () => {
  const onClose = vi.fn();
  const post = { _id: "p1", content: "Hello" } as unknown as Post;
  const screen = inRouter(<EditPostDialog post={post} onClose={onClose} />);
  await userEvent.fill(screen.getByRole("textbox", { name: "Post text" }), "Hello again");
  await screen.getByRole("button", { name: "Close" }).click();
  await screen.getByRole("button", { name: "Keep editing" }).click();
  await expect.element(screen.getByRole("textbox", { name: "Post text" })).toHaveValue("Hello again");
  expect(onClose).not.toHaveBeenCalled();
  screen.unmount();
});

// A photo is a change too, from the moment it is picked: Escape pressed while the picked avatar was still
// being read closed Edit profile without a word, and a removed cover counts as well.
test("Edit profile asks before Escape throws away an avatar being read or a removed cover", async () => {
  const onClose = vi.fn();
  const withCover = { ...user, coverPhoto: PNG_URL } as User;
  const screen = inRouter(<EditProfileModal user={withCover} onClose={onClose} />);
  await expect.poll(() => document.activeElement?.getAttribute("name")).toBe("firstName");
  const input = screen.getByLabelText("Change avatar").element() as HTMLInputElement;
  const chosen = new DataTransfer();
  chosen.items.add(new File([Uint8Array.from(atob(PNG_URL.split(",")[1]), (c) => c.charCodeAt(0))], "dot.png", { type: "image/png" }));
  input.files = chosen.files;
  input.dispatchEvent(new Event("change", { bubbles: true }));
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  await expect.element(screen.getByRole("alertdialog", { name: "Discard changes?" })).toBeVisible();
  expect(onClose).not.toHaveBeenCalled();
  await screen.getByRole("button", { name: "Keep editing" }).click();
  await expect.element(screen.getByRole("button", { name: "Remove avatar" })).toBeVisible();
  screen.unmount();

  const again = inRouter(<EditProfileModal user={withCover} onClose={onClose} />);
  await again.getByRole("button", { name: "Remove cover photo" }).click();
  await userEvent.keyboard("{Escape}");
  await expect.element(again.getByRole("alertdialog", { name: "Discard changes?" })).toBeVisible();
  expect(onClose).not.toHaveBeenCalled();
  again.unmount();
});
