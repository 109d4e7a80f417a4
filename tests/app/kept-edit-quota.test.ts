// An edit too large for localStorage (a new avatar or cover is a data URL of up to 2 MB) cannot
// be kept in the outbox (app/lib/outbox.ts): the person is told, never left to find it lost
// after a reload. A profile edit is then kept without its new photos; any other edit is not kept,
// and an older kept edit of the same thing is not replayed over it either.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "./memory-storage";

const toasts = vi.hoisted(() => [] as [kind: string, text: string][]);
vi.mock("react-toastify", () => ({
  toast: {
    warn: (text: string) => toasts.push(["warn", text]),
    success: (text: string) => toasts.push(["success", text]),
    error: (text: string) => toasts.push(["error", text]),
  },
}));

/** localStorage whose quota a value over `limit` characters passes, as the browser's does. */
class SmallStorage extends MemoryStorage {
  constructor(private limit: number) {
    super();
  }
  setItem(k: string, v: string) {
    if (String(v).length > this.limit) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    super.setItem(k, v);
  }
}

const BIG_PHOTO = `data:image/png;base64,${"A".repeat(20_000)}`;
const profile = (userPhoto: string, coverPhoto = "") => ({
  userData: { firstName: "Sam", bio: "Hello.", userPhoto, userPhotoAlt: "Me", coverPhoto, coverPhotoAlt: "" },
});

describe("an edit the outbox cannot hold", () => {
  let storage: SmallStorage;
  beforeEach(() => {
    // Run beside other files in one worker (test:quick), the modules may be loaded already, with the real toast.
    vi.resetModules();
    toasts.length = 0;
    storage = new SmallStorage(10_000);
    vi.stubGlobal("localStorage", storage);
    storage.setItem("token", "t");
    storage.setItem("userinfo", JSON.stringify({ username: "guest" }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("a profile edit with a new photo too large is kept without it, and says so", async () => {
    const { keepEdit } = await import("#app/lib/use-kept-submit");
    const { keptWrites } = await import("#app/lib/outbox");
    const key = keepEdit({ intent: "edit-profile", id: "guest", body: profile(BIG_PHOTO) });
    expect(key).not.toBeNull();
    // The text is kept (sent again after a reload); the photo and its description are not.
    expect(keptWrites().map((e) => e.body)).toEqual([{ userData: { firstName: "Sam", bio: "Hello.", coverPhoto: "", coverPhotoAlt: "" } }]);
    expect(toasts).toEqual([["warn", "Your new photos are too large to keep offline: keep this page open until they are saved."]]);
  });

  it("an edit that fits is kept whole, and says nothing", async () => {
    const { keepEdit } = await import("#app/lib/use-kept-submit");
    const { keptWrites } = await import("#app/lib/outbox");
    keepEdit({ intent: "edit-profile", id: "guest", body: profile("/seed/avatar-guest.svg") });
    expect(keptWrites().map((e) => e.body)).toEqual([profile("/seed/avatar-guest.svg")]);
    expect(toasts).toEqual([]);
  });

  it("an edit not kept at all says so, and an older kept edit of the same thing is not replayed over it", async () => {
    const { keepEdit } = await import("#app/lib/use-kept-submit");
    const { keptWrites } = await import("#app/lib/outbox");
    keepEdit({ intent: "edit-post", id: "p1", body: { postData: { content: "short" } } });
    expect(keptWrites()).toHaveLength(1);
    const key = keepEdit({ intent: "edit-post", id: "p1", body: { postData: { content: "x".repeat(20_000) } } });
    expect(key).toBeNull();
    expect(keptWrites()).toEqual([]);
    expect(toasts).toEqual([["warn", "This edit could not be kept offline: keep this page open until it is saved."]]);
  });
});
