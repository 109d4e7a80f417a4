// Settings' data tools on the browser's mock: export the whole database in the
// versioned format `mockman export` writes, import such a file (checked whole
// first: a bad file changes nothing), reset to the spec's seed. The action runs
// as a form submission, so every loader (the shell's too) revalidates after it.
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { toast } from "react-toastify";
import type { ImportSummary, Progress } from "#mock/browser/worker-protocol";
import { ApiError, api, messageOf } from "./api";
import { getBrowserMock } from "./browser-mock";
import { downloadBlob } from "./download";
import { clearPosts } from "./post-store";
import { rememberUser } from "./remember-user";
import { requireSession, type SessionUser } from "./session";
import { inLine } from "./write-line";
import { IMPORT_PROGRESS_EVENT } from "./import-progress";

export const DATA_TOAST = {
  reset: "The data was reset to the sample data.",
  imported: (file: ImportSummary) => `Imported ${count(file.users, "user")} and ${count(file.posts, "post")}.`,
} as const;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** moments-export-YYYY-MM-DD.json, by the local calendar date. */
export function exportFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `moments-export-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

export function describeExport(file: ImportSummary): string {
  const when = new Date(file.exportedAt);
  const at = Number.isNaN(when.getTime()) ? file.exportedAt : when.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
  return `${count(file.users, "user")} and ${count(file.posts, "post")}, exported ${at}`;
}

const reportProgress = (progress: Progress) => window.dispatchEvent(new CustomEvent(IMPORT_PROGRESS_EVENT, { detail: progress }));

/**
 * Reads and checks an export file whole in the mock's worker (the page stays free);
 * the worker keeps it under a ticket until the person confirms.
 */
export async function checkImportFile(file: Blob) {
  return (await getBrowserMock()).checkImport(file, reportProgress);
}

export async function downloadExport(): Promise<string> {
  const mock = await getBrowserMock();
  const name = exportFileName();
  downloadBlob(await mock.exportData(), name);
  return name;
}

/**
 * Settings' Reset and Import, in the app's one line of writes (write-line.ts): a like clicked
 * just before a Reset lands before it, never after it on the fresh data.
 */
export const dataToolActions = inLine(runDataTool);

async function runDataTool({ request }: ClientActionFunctionArgs) {
  const { token, user } = requireSession(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  try {
    if (intent === "reset") {
      await (await getBrowserMock()).reset();
      clearPosts();
      await refreshSessionUser(token, user);
      toast.success(DATA_TOAST.reset);
      return { intent, ok: true as const };
    }
    if (intent === "import") {
      // The worker checked the file whole when it was chosen, and keeps it under this ticket.
      const imported = await (await getBrowserMock()).importChecked(Number(formData.get("ticket")), reportProgress);
      clearPosts();
      await refreshSessionUser(token, user);
      toast.success(DATA_TOAST.imported(imported));
      return { intent, ok: true as const };
    }
    throw new Error(`Unknown data action: ${intent || "(none)"}`);
  } catch (error) {
    const message = messageOf(error);
    toast.error(message);
    return { intent, ok: false as const, error: message };
  }
}

/**
 * The new data may hold another version of the signed-in user (a new name or
 * photo). If the user is gone, the shell's revalidation finds the session dead
 * and api.ts logs out with its toast.
 */
async function refreshSessionUser(token: string, me: SessionUser) {
  try {
    const { user } = await api<{ user: SessionUser }>(`/users/${encodeURIComponent(me.username)}`);
    if (user._id === me._id) rememberUser(token, user);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export type DataToolActionData = Awaited<ReturnType<typeof runDataTool>>;
