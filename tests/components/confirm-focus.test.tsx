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
