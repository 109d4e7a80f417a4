// One Field / ErrorList pair renders every input and its errors (Epic Stack).
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

export function ErrorList({ id, errors }: { id?: string; errors?: (string | null | undefined)[] | null }) {
  const shown = (errors ?? []).filter(Boolean) as string[];
  if (shown.length === 0) return null;
  return (
    <ul id={id} className="error-list">
      {shown.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

interface FieldProps {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { "data-dialog-start"?: string };
  errors?: string[] | null;
  hint?: ReactNode;
  /**
   * A line that changes as you type (a username's availability, a password's strength),
   * announced politely; pass null to keep its live region in place while it says nothing.
   */
  status?: ReactNode;
}

export function Field({ label, inputProps, errors, hint, status }: FieldProps) {
  const fallbackId = useId();
  const { key: _key, ...props } = inputProps as typeof inputProps & { key?: string };
  const id = props.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const statusId = status ? `${id}-status` : undefined;
  const describedBy = [errorId, statusId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input {...props} id={id} className="input" aria-invalid={errorId ? true : undefined} aria-describedby={describedBy} />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {status !== undefined ? (
        <p id={`${id}-status`} className="field__hint field__status" aria-live="polite">
          {status}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

interface TextareaFieldProps {
  label: ReactNode;
  /** Hide the label visually; it still names the textarea. */
  hideLabel?: boolean;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
  errors?: string[] | null;
  extra?: ReactNode;
}

export function TextareaField({ label, hideLabel, textareaProps, errors, extra }: TextareaFieldProps) {
  const fallbackId = useId();
  // Conform puts a `key` in its props; React 18.3 warns when a key is spread, so the caller passes it instead.
  const { key: _key, ...props } = textareaProps as typeof textareaProps & { key?: string };
  const id = props.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label className={hideLabel ? "visually-hidden" : "field__label"} htmlFor={id}>
        {label}
      </label>
      <textarea
        // What people write here is theirs, in any script: it takes the direction of its first letter (X, Threads, Mastodon).
        dir="auto"
        {...props}
        id={id}
        className={`input input--textarea ${props.className ?? ""}`}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[...new Set([errorId, props["aria-describedby"]])].filter(Boolean).join(" ") || undefined}
      />
      {/* The error under its box, as every field's; a counter on its line, at the end. */}
      {extra || errorId ? (
        <div className="field__foot">
          <ErrorList id={errorId} errors={errors} />
          {extra}
        </div>
      ) : null}
    </div>
  );
}
