// A dialog's form closed with changes in it (Escape, Close, Cancel, a click beside it) asks first, as X
// and Bluesky do: "Discard changes?", focus on Keep editing. Unchanged, it closes at once.
import { useEffect, useState } from "react";
import { ConfirmDialog } from "./ConfirmDialog";

/** What the form would send but files, and whether a picked file is still being read (its input is emptied once read). */
const formText = (form: HTMLFormElement) =>
  JSON.stringify([
    [...new FormData(form)].filter(([, value]) => typeof value === "string"),
    [...form.querySelectorAll<HTMLInputElement>("input[type=file]")].some((input) => input.files?.length),
  ]);

/** Each form as it opened. */
const opened = new WeakMap<HTMLFormElement, string>();

export function useDiscardQuestion(onClose: () => void) {
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (form) opened.set(form, formText(form));
  }, [form]);
  const close = () => (!form || formText(form) === opened.get(form) ? onClose() : setAsking(true));
  const question = asking ? (
    <ConfirmDialog
      alert
      danger
      title="Discard changes?"
      description="What you changed here will be lost."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      onConfirm={onClose}
      onCancel={() => setAsking(false)}
    />
  ) : null;
  return { form: setForm, close, question };
}
