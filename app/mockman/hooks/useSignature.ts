// The auth a saved request's Send signs it with while its form shows None (its
// own of a type the helper has no fields for, or one it inherits), as the Code
// dialog and the copied commands write it in: signed in the run worker by
// postman-runtime's own handlers (engine/wire.ts authAdditions), with the
// `{{ }}` kept (the commands') or filled from the page's variables (Code with
// Fill in variables). Signed when the code is shown or copied, not as the form
// changes: a signature with a time or a nonce in it (Hawk, AWS, OAuth 1.0,
// EdgeGrid) is made for that copy, and typing asks nothing of the worker.
import { useMemo } from "react";
import type { AuthAdditions } from "#mock/tester/engine/wire";
import { isAbsoluteUrl, relativeTo } from "#mock/tester/collection/urls";
import { codeNoteOf, type Additions, type CodeAuth, type Signer, type SignInput } from "../lib/send-item";
import { fillText, type Variables } from "../lib/variables";

/** The request as a command writes it: the auth's additions when they are the whole of it, and what to say of it. */
export interface SignedSide {
  additions: Additions | null;
  how: CodeAuth;
  /** The note for `what` carries the request ("this code", "the copied command"). */
  note(what: string): string;
}

export interface Signature {
  signer: Signer;
  /** Signs the request as it is now, `{{ }}` kept or filled; gives up after SIGN_MS (then the note says it is left out). */
  sign(filled: boolean): Promise<SignedSide>;
  /** What the note says while it is being signed. */
  pending(what: string): string;
}

/** Longer than a cold worker takes to load Postman's libraries, shorter than a browser's window for a copy after a click. */
const SIGN_MS = 3_000;

/** What signs a saved request that its form does not show, signed on demand; null when nothing does. */
export function useSignature(signer: Signer | null, input: SignInput | null, variables: Variables): Signature | null {
  return useMemo(() => {
    if (!signer || !input) return null;
    const side = (how: CodeAuth, filled: boolean, additions: Additions | null = null): SignedSide => ({
      additions,
      how,
      note: (what) => codeNoteOf(signer, what, how, filled),
    });
    const judged = (signed: AuthAdditions | null, filled: boolean): SignedSide => {
      if (!signed) return side("unsigned", filled);
      if (signed.gap) return side(signed.gap, filled);
      // A signature over the URL holds only where it was signed for: a path, or the page's own origin, goes to the
      // server for Copy as cURL instead.
      if (signed.coversUrl) {
        const endpoint = relativeTo(filled ? fillText(input.endpoint, variables) : input.endpoint, window.location.origin);
        if (!isAbsoluteUrl(endpoint)) return side("url", filled);
      }
      if (!signed.headers.length && !signed.query.length) return side("nothing", filled);
      return side("written", filled, signed);
    };
    return {
      signer,
      pending: (what) => codeNoteOf(signer, what, "signing"),
      async sign(filled) {
        const { signRequest } = await import("../lib/run-client");
        const ask = { definition: input.definition, ...(input.inherited ? { inherited: input.inherited } : {}) };
        const signed = await signRequest({ ...ask, ...(filled ? { variables } : {}) }, SIGN_MS).catch(() => null);
        return judged(signed, filled);
      },
    };
  }, [signer, input, variables]);
}
