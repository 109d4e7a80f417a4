// A logout in another tab takes this one to the welcome page quietly, but a call this tab made between that
// tab's logout and the storage events that tell of it found the token gone and said "Your session has ended".
// The call now waits for those events: quiet after a chosen logout, the toast after a session that died.
import { ToastContainer } from "react-toastify";
import { render } from "vitest-browser-react";
import { expect, test } from "vitest";
import { SessionEndedError, api } from "#app/lib/api";
import { LOGOUT_KEY, saveSession } from "#app/lib/session";
import { SESSION_ENDED_EVENT, SESSION_ENDED_TOAST } from "#app/lib/session-end";

const tell = (key: string | null, newValue: string | null = null) => window.dispatchEvent(new StorageEvent("storage", { key, newValue }));

/** Another tab clears the session; its storage events come only after this tab's call. */
async function callBeforeTheNews(chosenLogout: boolean) {
  saveSession("t0k3n", { _id: "u-guest", username: "guest", firstName: "Guest" });
  localStorage.clear();
  const left = new Promise((done) => window.addEventListener(SESSION_ENDED_EVENT, done, { once: true }));
  await expect(api("/users/bookmark", { auth: true })).rejects.toBeInstanceOf(SessionEndedError);
  if (chosenLogout) tell(LOGOUT_KEY, "1");
  tell(null);
  await left;
}

test("a call that finds the token gone before another tab's logout is heard leaves without 'Your session has ended'", async () => {
  const screen = render(<ToastContainer />);
  await callBeforeTheNews(true);
  await new Promise((wait) => setTimeout(wait, 300));
  expect(document.body.textContent).not.toContain(SESSION_ENDED_TOAST);

  await callBeforeTheNews(false);
  await expect.element(screen.getByText(SESSION_ENDED_TOAST)).toBeVisible();
  screen.unmount();
});
