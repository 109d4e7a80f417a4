// The Authorization helper and the guest token: both write the tab's
// Authorization header row, which stays visible and editable.
import { useStableActions } from "#app/lib/use-latest";
import { authChoiceOf, type AuthChoice } from "../components/AuthHelper";
import { basicAuthorization, dropHeader, headersToSend, rowsFromHeaders, setHeader } from "../lib/headers";
import type { HistoryEntry } from "../lib/history";
import { entryFor, guestLogin } from "../lib/record";
import { sendRequest, tokenIn } from "../lib/send";
import type { AuthFields } from "../lib/tabs";
import { dynamicVariables, loadedDynamicVariables } from "#mock/tester/engine/dynamic";
import { fillText, unresolvedRefs, type Variables } from "../lib/variables";
import type { Say } from "./useNotice";
import type { RequestTabs } from "./useRequestTabs";

type History = { add(entry: HistoryEntry): Promise<void> };

export function useAuthTools(tabs: RequestTabs, history: History, variables: Variables, say: Say) {
  const chooseAuth = (choice: AuthChoice) => {
    // Basic encodes its text, so variables are filled now (where the active environment defines them).
    const filled = (text: string) => (unresolvedRefs([text], variables).length ? text : fillText(text, variables));
    // An empty Bearer token sends no header, as in Postman.
    if (choice.kind === "none" || (choice.kind === "bearer" && !choice.token)) return tabs.setRows((r) => dropHeader(r, "Authorization"));
    // A {{$guid}} in them is postman-collection's: its table is loaded first (not in the page's first load).
    if (choice.kind === "basic" && !loadedDynamicVariables() && `${choice.username}${choice.password}`.includes("{{$"))
      return void dynamicVariables().then(() => chooseAuth(choice));
    const value =
      choice.kind === "bearer" ? `Bearer ${choice.token}` : basicAuthorization(filled(choice.username), filled(choice.password));
    tabs.setRows((r) => setHeader(r, "Authorization", value));
  };

  const changeAuth = (fields: AuthFields) => {
    tabs.patch(() => ({ auth: fields }));
    chooseAuth(authChoiceOf(fields));
  };

  // A real login, recorded like any request (an exported collection then refers to its token,
  // {{post-auth-login.body.encodedToken}}, instead of copying it), sent aside: the tab's answer stays its own, and the
  // token goes to the tab it was asked in, whichever is active when it comes.
  const fillGuestToken = async () => {
    const { id } = tabs.tab;
    const login = guestLogin();
    const headers = headersToSend(rowsFromHeaders(login.headers));
    const result = await sendRequest({ method: login.method, endpoint: login.endpoint, headers, body: login.bodyText });
    await history.add(entryFor(login, result));
    const token = result.kind === "response" ? tokenIn(result.response) : undefined;
    if (!token) {
      const why = result.kind === "response" ? `${result.response.status} ${result.response.statusText}` : result.error;
      say(`Could not log in as guest: ${why}`, true);
      return;
    }
    tabs.patch((t) => ({ headers: setHeader(t.headers, "authorization", token) }), id);
    say("Logged in as guest (the login is in the history); the authorization header now carries the token.");
  };

  // One object for the page's life: the request workspace is memo'd.
  return useStableActions({ changeAuth, fillGuestToken });
}
