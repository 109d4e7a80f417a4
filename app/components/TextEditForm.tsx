// One text field with a countdown and a Save button, posted through a fetcher
// with an intent: editing a post (in a dialog) or a comment (in place). Either
// edit is kept from Save until its answer (use-kept-submit.ts useKeptEdit).
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect, type Ref } from "react";
import type { z } from "zod";
import type { PostActionData } from "#app/lib/post-actions";
import { charCount } from "#mock/core/rules";
import { COMMENT_MAX, POST_MAX, commentSchema, editPostSchema } from "#app/lib/schemas";
import { useKeptEdit } from "#app/lib/use-kept-submit";
import { Counter } from "./Counter";
import { TextareaField } from "./Field";

/** What each kind of edit posts: the intent, the field, its label, limit and check. */
export const EDIT_POST = { intent: "edit-post", field: "content", label: "Post text", max: POST_MAX, schema: editPostSchema } as const;
export const EDIT_COMMENT = {
  intent: "edit-comment",
  field: "commentVal",
  label: "Edit your comment",
  max: COMMENT_MAX,
  schema: commentSchema,
} as const;

interface TextEditFormProps {
  /** The form's id, and the fetcher's key. */
  id: string;
  intent: string;
  field: "content" | "commentVal";
  label: string;
  initial: string;
  max: number;
  schema: z.ZodTypeAny;
  hidden: Record<string, string>;
  onDone: () => void;
  onCancel?: () => void;
  formRef?: Ref<HTMLFormElement>;
}

export function TextEditForm({ id, intent, field, label, initial, max, schema, hidden, onDone, onCancel, formRef }: TextEditFormProps) {
  const fetcher = useFetcher<PostActionData>({ key: id });
  const busy = fetcher.state !== "idle";
  const lastResult = fetcher.state === "idle" && fetcher.data && "result" in fetcher.data ? fetcher.data.result : undefined;
  const [form, fields] = useForm<Record<string, string>>({
    id,
    lastResult,
    defaultValue: { [field]: initial },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const text = fields[field];
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true && fetcher.data.intent === intent;
  useEffect(() => {
    if (saved) onDone();
  }, [saved, onDone]);
  const counterId = `${id}-counter`;
  const formProps = getFormProps(form);
  const onSubmit = useKeptEdit(fetcher, formProps.onSubmit);
  return (
    <fetcher.Form ref={formRef} method="post" className="form" {...formProps} onSubmit={onSubmit}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TextareaField
        key={text.key}
        label={label}
        textareaProps={{ ...getTextareaProps(text), rows: 3, "aria-describedby": counterId }}
        errors={text.errors}
      />
      <div className="form__row">
        <Counter id={counterId} max={max} length={charCount(String(text.value ?? ""))} />
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" name="intent" value={intent} className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? "Saving…" : "Save"}
        </button>
      </div>
    </fetcher.Form>
  );
}
