// A question before something that cannot be undone (Delete post?, Delete comment?, Reset, Import)
// opens with focus on Cancel, the safe choice, as its markup intends ("Cancel comes first"): it opened
// on the header's Close, the first control of the panel, which a screen reader then read first and
// Enter pressed. Found walking Delete post by keyboard at 375 px. A dialog with a field still opens in
// its first field.
import "#app/styles/app.css";
import { render } from "vitest-browser-react";
import { expect, test } from "vitest";
import { ConfirmDialog } from "#app/components/ConfirmDialog";
import { Modal } from "#app/components/Modal";

test("a confirmation opens with focus on Cancel, not on the header's Close", async () => {
  const screen = render(
    <ConfirmDialog
      alert
      danger
      title="Delete post?"
      description="It goes for good."
      confirmLabel="Delete"
      onConfirm={() => {}}
      onCancel={() => {}}
    />,
  );
  await expect.poll(() => document.activeElement?.textContent).toBe("Cancel");
  screen.unmount();
});

test("a dialog with a field opens in the field; one with only its Close, on Close", async () => {
  const field = render(
    <Modal title="Edit post" onClose={() => {}}>
      <textarea aria-label="Post" />
    </Modal>,
  );
  await expect.poll(() => document.activeElement?.getAttribute("aria-label")).toBe("Post");
  field.unmount();
  const bare = render(
    <Modal title="Note" onClose={() => {}}>
      <p>Nothing to choose.</p>
    </Modal>,
  );
  await expect.poll(() => document.activeElement?.getAttribute("aria-label")).toBe("Close");
  bare.unmount();
});

// Edit profile opened on the cover's file input: it is the picker's keyboard control, but visually
// hidden (its label's icon is what shows), so the dialog opened with focus on nothing anyone could see,
// and Enter or Space opened a file chooser. A dialog opens on its first field a person can see.
test("a dialog opens on its first visible field, past a visually hidden file input", async () => {
  const screen = render(
    <Modal title="Edit profile" onClose={() => {}}>
      <input id="cover" type="file" className="visually-hidden" />
      <label htmlFor="cover">Change cover photo</label>
      <textarea aria-label="Cover description" />
      <input aria-label="Name" />
    </Modal>,
  );
  await expect.poll(() => document.activeElement?.getAttribute("aria-label")).toBe("Cover description");
  screen.unmount();
});

// Edit profile with a cover photo then opened on the cover's description, the first field a person can
// see; what the dialog is for is the Name, which it marks as where focus starts (as Bluesky's opens on
// Display name, past the images).
test("a dialog opens on the field it marks as its start, past earlier visible fields", async () => {
  const screen = render(
    <Modal title="Edit profile" onClose={() => {}}>
      <textarea aria-label="Cover description" />
      <input aria-label="Name" data-dialog-start="" />
    </Modal>,
  );
  await expect.poll(() => document.activeElement?.getAttribute("aria-label")).toBe("Name");
  screen.unmount();
});
