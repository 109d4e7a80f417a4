// The in-browser mock's scenarios (mock/features/scenarios.ts) for the Mock settings
// panel: the list the tab's mock worker holds, and add / clear one / clear all, each
// answered with the list after it. A refused set keeps the text and says why.
import { useCallback, useEffect, useState } from "react";
import type { ScenarioList } from "#mock/features/scenarios";
import type { ScenarioCall } from "#mock/browser/worker-protocol";
import { getBrowserMock } from "#app/lib/browser-mock";
import { useNotice } from "./useNotice";

export const SCENARIO_EXAMPLE = `{"method": "GET", "path": "/api/users/bookmark", "body": {"bookmarks": []}}`;

export function useScenarios() {
  const [list, setList] = useState<ScenarioList["scenarios"]>([]);
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  // What the last change did: said anew each time, so the same words twice are heard twice (useNotice).
  const { notice, say, dismiss } = useNotice();

  const run = useCallback(
    async (call: ScenarioCall, done: string) => {
      try {
        const answer = await (await getBrowserMock()).scenarios(call);
        setList(answer.scenarios);
        setError("");
        say(done);
        return true;
      } catch (failed) {
        setError(failed instanceof Error ? failed.message : String(failed));
        dismiss();
        return false;
      }
    },
    [say, dismiss],
  );

  useEffect(() => {
    // The worker's list, once the mock answers (an external system: set in its callback).
    let live = true;
    void getBrowserMock()
      .then((mock) => mock.scenarios({ op: "list" }))
      .then((answer) => live && setList(answer.scenarios))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const add = async () => {
    let set: unknown;
    try {
      set = JSON.parse(text);
    } catch (failed) {
      setError(`Not JSON: ${(failed as Error).message}`);
      return;
    }
    if (await run({ op: "add", set }, "Scenarios added.")) setText("");
  };

  return {
    list,
    text,
    setText,
    error,
    notice,
    add,
    remove: (name: string) => run({ op: "remove", name }, `Scenario ${name} cleared.`),
    clear: () => run({ op: "clear" }, "Every scenario cleared."),
  };
}
