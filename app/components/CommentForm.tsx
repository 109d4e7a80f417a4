// 'Write a comment...' (max 60) and 'Reply': the comment dialog's and the post page's reply box. The text
// is kept as a draft per user and post (app/lib/draft.ts) until the comment is stored.
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { saveDraft } from "#app/lib/draft";
import { useRestoredDraft } from "#app/lib/use-draft";
import type { PostActionData } from "#app/lib/post-actions";
import { COMMENT_MAX, commentSchema } from "#app/lib/schemas";
import { TEXT } from "#app/lib/texts";
import { charCount } from "#mock/core/rules";
import { Counter } from "./Counter";
import { TextareaField } from "./Field";
import { useSingleSubmit } from "#app/lib/use-single-submit";
import { useAppData } from "#app/lib/app-data";

export function CommentForm({ postId }: { postId: string }) {
  const { username } = useAppData().user;
  const fetcher = useFetcher<PostActionData>({ key: `comment:${postId}` });
  const busy = fetcher.state !== "idle";
  const lastResult = fetcher.state === "idle" && fetcher.data && "result" in fetcher.data ? fetcher.data.result : undefined;
  const [form, fields] = useForm({
    id: `comment-${postId}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: commentSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const counterId = `comment-${postId}-counter`;
  const fieldId = fields.commentVal.id;
  // Conform re-mounts the textarea on reset; put the caret back for the next comment.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) document.getElementById(fieldId)?.focus();
  }, [fetcher.state, fetcher.data, fieldId]);
  // The draft left here before comes back once, when the box opens.
  useRestoredDraft(username, postId, form.update, fields.commentVal.name);
  const formProps = getFormProps(form);
  const onSubmit = useSingleSubmit(fetcher, formProps.onSubmit);
  return (
    <fetcher.Form method="post" className="form comment-form" {...formProps} onSubmit={onSubmit}>
      <input type="hidden" name="postId" value={postId} />
      <TextareaField
        key={fields.commentVal.key}
        label="Your comment"
        hideLabel
        textareaProps={{
          ...getTextareaProps(fields.commentVal),
          placeholder: TEXT.commentPlaceholder,
          rows: 2,
          // Read-only from Reply until the answer has cleared it: nothing typed meanwhile is erased by that reset.
          readOnly: busy,
          "aria-describedby": counterId,
          onInput: (event) => saveDraft({ username, postId }, event.currentTarget.value),
        }}
        errors={fields.commentVal.errors}
      />
      <div className="form__row">
        <Counter id={counterId} max={COMMENT_MAX} length={charCount(String(fields.commentVal.value ?? ""))} />
        <button type="submit" name="intent" value="comment" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? "Replying…" : TEXT.reply}
        </button>
      </div>
    </fetcher.Form>
  );
}
