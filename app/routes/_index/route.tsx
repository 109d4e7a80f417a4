// `/`: the welcome page, with the Signup and Login modals and 'Login as Guest'.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  redirect,
  useFetcher,
  useSearchParams,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/react";
import { useState } from "react";
import { toast } from "react-toastify";
import { GUEST } from "#mock/data/seed";
import { ApiTargetLine, useApiTarget } from "#app/components/ApiTargetNotice";
import { LogoMark } from "#app/components/Icons";
import { authFailureMessage, authFieldError, login, signup } from "#app/lib/auth";
import { loginSchema, signupSchema } from "#app/lib/schemas";
import { forgetKeptAnswers } from "#app/lib/browser-mock";
import { pageName } from "#app/lib/paths";
import { getToken, logOut, safeRedirect } from "#app/lib/session";
import { endDamagedSession } from "#app/lib/session-end";
import { TEXT, TOAST } from "#app/lib/texts";
import { inLine } from "#app/lib/write-line";
import { LoginModal } from "./login-modal";
import { SignupModal } from "./signup-modal";

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  // With a session already present, / sends the user on (CONTRACT §2); a damaged one ends here.
  endDamagedSession();
  if (getToken()) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const to = safeRedirect(String(formData.get("redirectTo") ?? ""));

  if (intent === "logout") {
    // In the line of writes: a like clicked just before Logout is sent first, as the user who clicked it,
    // never after, as nobody (or the next user to log in).
    await inLine(async () => logOut())();
    await forgetKeptAnswers();
    toast.success(TOAST.logout);
    return redirect("/");
  }
  if (intent === "guest") {
    return signIn("login", () => login(GUEST.username, GUEST.password), to, null);
  }
  if (intent === "login") {
    const submission = parseWithZod(formData, { schema: loginSchema });
    if (submission.status !== "success") return { intent, result: submission.reply() };
    const { username, password } = submission.value;
    return signIn(
      "login",
      () => login(username, password),
      to,
      (fieldErrors) => submission.reply({ hideFields: ["password"], fieldErrors }),
    );
  }
  if (intent === "signup") {
    const submission = parseWithZod(formData, { schema: signupSchema });
    if (submission.status !== "success") return { intent, result: submission.reply() };
    const { firstName, username, password } = submission.value;
    // CONTRACT §10: navigate only once the signup has succeeded.
    return signIn(
      "signup",
      () => signup({ firstName, username, password }),
      to,
      (fieldErrors) => submission.reply({ hideFields: ["password", "confirmPassword"], fieldErrors }),
    );
  }
  return { intent: null, result: null, error: `Unknown intent ${String(intent)}` };
}

/** Signs in by `call`; a refusal toasts (the spec's text) and answers the form, with the error at the field it concerns. */
async function signIn(
  kind: "login" | "signup",
  call: () => Promise<unknown>,
  to: string,
  reply: ((fieldErrors?: Record<string, string[]>) => SubmissionResult<string[]>) | null,
) {
  try {
    await call();
  } catch (error) {
    const message = authFailureMessage(error);
    toast.error(message);
    const at = authFieldError(kind, error);
    return { intent: kind, result: reply?.(at ? { [at.field]: [at.text] } : undefined) ?? null, error: message };
  }
  toast.success(kind === "signup" ? TOAST.signup : TOAST.login);
  return redirect(to);
}

export type WelcomeActionData = Awaited<ReturnType<typeof clientAction>>;

export default function Welcome() {
  const [open, setOpen] = useState<"login" | "signup" | null>(null);
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  // A fetcher, not a navigation: a refused login leaves the URL as it was (no `?index`).
  const auth = useFetcher<typeof clientAction>({ key: "auth" });
  const busyIntent = auth.state !== "idle" ? auth.formData?.get("intent") : null;
  const actionData = auth.state === "idle" ? auth.data : undefined;
  const server = useApiTarget();

  return (
    <main className="welcome">
      <section className="welcome__hero" aria-labelledby="welcome-title">
        <div className="welcome__brand">
          <LogoMark size={44} />
          <span className="welcome__wordmark">Moments</span>
        </div>
        <h1 id="welcome-title" className="welcome__taglines">
          {TEXT.taglines.map((line) => (
            <span key={line} className="welcome__tagline">
              {line}
            </span>
          ))}
        </h1>
        <p className="welcome__lede">A calm place for short posts, pictures and the people you follow.</p>
      </section>

      <section className="welcome__card card" aria-labelledby="join-title">
        <h2 id="join-title" className="welcome__card-title">
          Join Moments today
        </h2>
        {redirectTo ? <p className="welcome__notice">Log in to continue to {pageName(redirectTo)}.</p> : null}
        <div className="welcome__actions">
          <button type="button" className="button button--primary button--block" onClick={() => setOpen("signup")}>
            {TEXT.signup}
          </button>
          <button type="button" className="button button--secondary button--block" onClick={() => setOpen("login")}>
            {TEXT.login}
          </button>
          <div className="divider" role="presentation">
            <span>or</span>
          </div>
          <auth.Form method="post">
            <input type="hidden" name="intent" value="guest" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button
              type="submit"
              className="button button--ghost button--block"
              disabled={busyIntent === "guest"}
              aria-busy={busyIntent === "guest"}
            >
              {busyIntent === "guest" ? "Logging in…" : TEXT.guest}
            </button>
          </auth.Form>
        </div>
        <p className="welcome__fineprint">
          The guest account is a regular user filled with sample data.{server ? "" : " Everything stays in this browser."}
        </p>
        <ApiTargetLine className="welcome__fineprint" />
      </section>

      {open === "signup" ? (
        <SignupModal
          onClose={() => setOpen(null)}
          onSwitch={() => setOpen("login")}
          redirectTo={redirectTo}
          Form={auth.Form}
          lastResult={actionData?.intent === "signup" ? actionData.result : undefined}
          busy={busyIntent === "signup"}
        />
      ) : null}
      {open === "login" ? (
        <LoginModal
          onClose={() => setOpen(null)}
          onSwitch={() => setOpen("signup")}
          redirectTo={redirectTo}
          Form={auth.Form}
          lastResult={actionData?.intent === "login" ? actionData.result : undefined}
          busy={busyIntent === "login"}
        />
      ) : null}
    </main>
  );
}

export const meta: MetaFunction = () => [
  { title: "Moments — Share moments, connect, know the world" },
  { name: "description", content: "Moments is a small microblog: short posts, pictures, likes, comments and bookmarks." },
];
