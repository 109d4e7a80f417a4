// The auth a saved request's Send signs it with while its form shows None (its
// own of a type the helper has no fields for, or one it inherits), as the Code
// dialog and the copied commands write it in: signed in the run worker by
// postman-runtime's own handlers (engine/wire.ts authAdditions), once with the
// `{{ }}` kept (the commands') and once filled from the page's variables (Code
// with Fill in variables). The worker is already warm for such a tab (its Send
// goes through it, useSend.ts); a change waits a moment, so typing signs once.
import { useEffect, useMemo, useRef, useState } from "react";
import type { AuthAdditions } from "#mock/tester/engine/wire";
import { codeNoteOf, type Additions, type Signer, type SignInput } from "../lib/send-item";
import type { Variables } from "../lib/variables";

/** One way of writing the request: the auth's additions when they are the whole of it, and what to say of it. */
export interface SignedSide {
  additions: Additions | null;
  /** The note for `what` carries the request ("this code", "the copied command"). */
  note(what: string): string;
}

export interface Signature {
  /** With the `{{ }}` kept: the copied commands, and Code without Fill in variables. */
  kept: SignedSide;
  /** Filled from the page's variables: Code with Fill in variables. */
  filled: SignedSide;
  /** The signature of the request as it is now, once signed (a copy made right after a change waits for it, 3 s at most). */
  settled(): Promise<Signature>;
}

const WAIT_MS = 150;
const SETTLE_MS = 3_000;

type Signed = { key: string; kept: AuthAdditions | null; filled: AuthAdditions | null };

/** What the commands say, and write, for a saved request signed by an auth its form does not show; null when none does. */
export function useSignature(signer: Signer | null, input: SignInput | null, variables: Variables): Signature | null {
  const key = useMemo(() => (input ? JSON.stringify([input, variables]) : ""), [input, variables]);
  const [signed, setSigned] = useState<Signed | null>(null);
  // The signing of the current request, while it is under way.
  const pending = useRef<{ key: string; done: Promise<Signed> } | null>(null);
  useEffect(() => {
    if (!input) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = new Promise<Signed>((resolve) => {
      timer = setTimeout(() => {
        void import("../lib/run-client").then(async ({ signRequest }) => {
          // A failed signing leaves the auth out, as before it: the note says so.
          const ask = (fill: boolean) => signRequest({ ...input, ...(fill ? { variables } : {}) }).catch(() => null);
          const result = { key, kept: await ask(false), filled: await ask(true) };
          if (live) setSigned(result);
          resolve(result);
        });
      }, WAIT_MS);
    });
    pending.current = { key, done };
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` stands for input and variables.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return useMemo(() => {
    if (!signer) return null;
    const sidesOf = (now: Signed | null): Signature => {
      const side = (additions: AuthAdditions | null | undefined, fills: boolean): SignedSide =>
        additions?.complete
          ? { additions, note: (what) => codeNoteOf(signer, what, { written: true }) }
          : { additions: null, note: (what) => codeNoteOf(signer, what, { fills }) };
      return {
        kept: side(now?.kept, !!now?.filled?.complete),
        filled: side(now?.filled, false),
        async settled() {
          if (now) return this;
          const waiting = pending.current?.key === key ? pending.current.done : undefined;
          const result = waiting && (await Promise.race([waiting, new Promise<null>((r) => setTimeout(() => r(null), SETTLE_MS))]));
          return result ? sidesOf(result) : this;
        },
      };
    };
    return sidesOf(signed?.key === key ? signed : null);
  }, [signer, signed, key]);
}
