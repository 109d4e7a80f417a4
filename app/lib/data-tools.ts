// Settings' data tools on the browser's mock: export the whole database in the
// versioned format `mockman export` writes, import such a file (checked whole
// first: a bad file changes nothing), reset to the spec's seed. The action runs
// as a form submission, so every loader (the shell's too) revalidates after it.
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { toast } from "react-toastify";
import { FormatError, parseExportFile, type ExportFile } from "#mock/export-file";
import { ApiError, api, messageOf } from "./api";
import { getBrowserMock } from "./browser-mock";
import { downloadText } from "./download";
import { clearPosts } from "./post-store";
import { rememberUser } from "./remember-user";
import { requireSession, type SessionUser } from "./session";

export const DATA_TOAST = {
  reset: "The data was reset to the sample data.",
  imported: (file: ExportFile) => `Imported ${count(file.data.users.length, "user")} and ${count(file.data.posts.length, "post")}.`,
} as const;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** moments-export-YYYY-MM-DD.json, by the local calendar date. */
export function exportFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `moments-export-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

export function describeExport(file: ExportFile): string {
  const { users, posts } = file.data;
  const when = new Date(file.exportedAt);
  const at = Number.isNaN(when.getTime()) ? file.exportedAt : when.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
  return `${count(users.length, "user")} and ${count(posts.length, "post")}, exported ${at}`;
}

/** Why a file cannot be imported, or its parsed contents. */
export function checkExportFile(text: string): { file: ExportFile; problem: null } | { file: null; problem: string } {
  try {
    return { file: parseExportFile(text), problem: null };
  } catch (error) {
    if (error instanceof FormatError) return { file: null, problem: error.message };
    throw error;
  }
}

export async function downloadExport(): Promise<string> {
  const mock = await getBrowserMock();
  const name = exportFileName();
  downloadText(JSON.stringify(mock.exportData(), null, 2), name);
  return name;
}

export async function dataToolActions({ request }: ClientActionFunctionArgs) {
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
      // Checked again here, whole, so nothing half-valid ever reaches the store.
      const checked = checkExportFile(String(formData.get("file") ?? ""));
      if (checked.problem !== null) return { intent, ok: false as const, error: checked.problem };
      await (await getBrowserMock()).importData(checked.file);
      clearPosts();
      await refreshSessionUser(token, user);
      toast.success(DATA_TOAST.imported(checked.file));
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

export type DataToolActionData = Awaited<ReturnType<typeof dataToolActions>>;
