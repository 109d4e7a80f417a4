import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect } from "react";
import { ApiTargetLine } from "#app/components/ApiTargetNotice";
import { Field } from "#app/components/Field";
import { Modal } from "#app/components/Modal";
import { loginSchema } from "#app/lib/schemas";
import { TEXT } from "#app/lib/texts";

/** What the welcome page hands both auth modals. */
export interface AuthModalProps {
  onClose: () => void;
  onSwitch: () => void;
  redirectTo: string;
  /** The welcome page's auth fetcher form: the action answers there. */
  Form: FetcherWithComponents<unknown>["Form"];
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}

/**
 * After the API refused the form (an answer with field errors), focus goes to the first
 * field it concerns, which the form marks aria-invalid and explains beneath.
 */
export function useFocusRefusedField(formId: string, lastResult: SubmissionResult<string[]> | null | undefined) {
  useEffect(() => {
    if (!lastResult?.error || Object.keys(lastResult.error).length === 0) return;
    document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formId, lastResult]);
}

export function LoginModal({ onClose, onSwitch, redirectTo, Form, lastResult, busy }: AuthModalProps) {
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: { username: { required: true }, password: { required: true } },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useFocusRefusedField(form.id, lastResult);
  return (
    <Modal title={TEXT.login} onClose={onClose} description="Welcome back. Log in with your username and password.">
      <Form method="post" className="form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ApiTargetLine />
        <Field
          key={fields.username.key}
          label="Username"
          inputProps={{
            ...getInputProps(fields.username, { type: "text" }),
            autoComplete: "username",
            autoCapitalize: "none",
            spellCheck: false,
          }}
          errors={fields.username.errors}
        />
        <Field
          key={fields.password.key}
          label="Password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
          {busy ? "Logging in…" : TEXT.login}
        </button>
        <p className="form__switch">
          New to Moments?{" "}
          <button type="button" className="link-button" onClick={onSwitch}>
            Create an account
          </button>
        </p>
      </Form>
    </Modal>
  );
}
