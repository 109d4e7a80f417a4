import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { ApiTargetLine } from "#app/components/ApiTargetNotice";
import { Field } from "#app/components/Field";
import { Modal } from "#app/components/Modal";
import { strengthHint } from "#app/lib/password-strength";
import { useFocusRefusedField, type AuthModalProps } from "./login-modal";
import { AUTH_FIELD_TEXT } from "#app/lib/auth";
import { useUsernameCheck } from "./use-username-check";
import { NAME_MAX, USERNAME_MAX, signupSchema } from "#app/lib/schemas";
import { TEXT } from "#app/lib/texts";

export function SignupModal({ onClose, onSwitch, redirectTo, Form, lastResult, busy }: AuthModalProps) {
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useFocusRefusedField(form.id, lastResult);
  const username = fields.username.value ?? "";
  const check = useUsernameCheck(username);
  // Taken, as the check found while typing: said where the signup's refusal would say it.
  const usernameErrors = check?.state === "taken" && !fields.username.errors?.length ? [AUTH_FIELD_TEXT.taken] : fields.username.errors;
  const usernameStatus =
    check?.state === "checking" ? `Checking @${check.name}…` : check?.state === "free" ? `@${check.name} is free.` : null;
  return (
    <Modal title={TEXT.signup} onClose={onClose} description="Create your account. It takes a few seconds.">
      <Form method="post" className="form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="signup" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ApiTargetLine />
        <Field
          key={fields.firstName.key}
          label="Name"
          inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name", required: true, dir: "auto" }}
          errors={fields.firstName.errors}
          hint={`Up to ${NAME_MAX} characters.`}
        />
        <Field
          key={fields.username.key}
          label="Username"
          inputProps={{
            ...getInputProps(fields.username, { type: "text" }),
            autoComplete: "username",
            autoCapitalize: "none",
            spellCheck: false,
            required: true,
          }}
          errors={usernameErrors}
          hint={`Up to ${USERNAME_MAX} letters, digits, '_', '.' or '-'.`}
          status={usernameStatus}
        />
        <Field
          key={fields.password.key}
          label="Password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", required: true }}
          errors={fields.password.errors}
          status={strengthHint(fields.password.value ?? "")}
        />
        <Field
          key={fields.confirmPassword.key}
          label="Confirm Password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password", required: true }}
          errors={fields.confirmPassword.errors}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
          {busy ? "Creating account…" : "Create account"}
        </button>
        <p className="form__switch">
          Already have an account?{" "}
          <button type="button" className="link-button" onClick={onSwitch}>
            {TEXT.login}
          </button>
        </p>
      </Form>
    </Modal>
  );
}
