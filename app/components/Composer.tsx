// The post composer: content (required, max 210, counting down from 210), an
// optional image with its description (alt text, counted; required when
// Settings asks), and a busy Post button that cannot be pressed twice. The text
// is kept as a draft per user (app/lib/draft.ts) until it is posted.
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import { clearDraft, saveDraft } from "#app/lib/draft";
import { useRestoredDraft } from "#app/lib/use-draft";
import type { PostActionData } from "#app/lib/post-actions";
import { useRequiresAlt } from "#app/lib/alt-setting";
import { ALT_MAX, POST_MAX, postSchemaFor } from "#app/lib/schemas";
import { pictureSize, type PictureSize } from "#app/lib/image";
import { charCount } from "#mock/core/rules";
import type { SessionUser } from "#app/lib/session";
import { Avatar } from "./Avatar";
import { Counter } from "./Counter";
import { TextareaField } from "./Field";
import { useSingleSubmit } from "#app/lib/use-single-submit";
import { ImagePicker } from "./ImagePicker";

export function Composer({ user }: { user: SessionUser }) {
  const fetcher = useFetcher<PostActionData>({ key: "create-post" });
  const busy = fetcher.state !== "idle";
  const [image, setImage] = useState("");
  // The picture's size goes with it, so every card keeps its shape before it loads.
  const [size, setSize] = useState<PictureSize | null>(null);
  const chosen = useRef("");
  const choosePicture = (src: string) => {
    chosen.current = src;
    setImage(src);
    setSize(null);
    // Only the picture still chosen when the measure ends gets its size.
    if (src) void pictureSize(src).then((measured) => chosen.current === src && setSize(measured));
  };
  const requireAlt = useRequiresAlt();
  const lastResult = fetcher.state === "idle" && fetcher.data && "result" in fetcher.data ? fetcher.data.result : undefined;
  const [form, fields] = useForm({
    id: "composer",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postSchemaFor(requireAlt) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // After 'Post created successfully' the composer starts over: text (Conform's reset) and image,
  // once per answer (React's "adjusting state when a prop changes", no effect and no extra render pass).
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.intent === "create-post" && fetcher.data.ok) {
      setImage("");
      setSize(null);
      clearDraft({ username: user.username });
    }
  }

  // The draft left here before comes back once, when the composer opens.
  useRestoredDraft(user.username, undefined, form.update, fields.content.name);

  const length = charCount(String(fields.content.value ?? ""));
  const altLength = charCount(String(fields.postPicAlt.value ?? ""));
  const formProps = getFormProps(form);
  const onSubmit = useSingleSubmit(fetcher, formProps.onSubmit);
  return (
    <section className="composer card" aria-label="Create a post">
      <Avatar src={user.userPhoto} name={user.firstName} />
      <fetcher.Form method="post" className="composer__form" {...formProps} onSubmit={onSubmit}>
        <TextareaField
          key={fields.content.key}
          label="What's happening?"
          hideLabel
          textareaProps={{
            ...getTextareaProps(fields.content),
            placeholder: "What's happening?",
            rows: 3,
            className: "composer__input",
            // Read-only from Post until the answer has cleared it: nothing typed meanwhile is erased by that reset.
            readOnly: busy,
            "aria-describedby": "composer-counter",
            onInput: (event) => saveDraft({ username: user.username }, event.currentTarget.value),
          }}
          errors={fields.content.errors}
        />
        <input type="hidden" name="postPic" value={image} />
        {image && size ? (
          <>
            <input type="hidden" name="postPicSize.width" value={size.width} />
            <input type="hidden" name="postPicSize.height" value={size.height} />
          </>
        ) : null}
        {image ? (
          <TextareaField
            key={fields.postPicAlt.key}
            label={requireAlt ? "Image description (alt text)" : "Image description (alt text, optional)"}
            textareaProps={{
              ...getTextareaProps(fields.postPicAlt),
              rows: 2,
              className: "composer__alt",
              readOnly: busy,
              "aria-describedby": "composer-alt-counter",
            }}
            errors={fields.postPicAlt.errors}
            extra={<Counter id="composer-alt-counter" max={ALT_MAX} length={altLength} />}
          />
        ) : null}
        <div className="composer__footer">
          <ImagePicker image={image} onChange={choosePicture} disabled={busy} />
          <Counter id="composer-counter" max={POST_MAX} length={length} />
          <button type="submit" name="intent" value="create-post" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? (
              <>
                <span className="spinner" aria-hidden="true" /> Posting…
              </>
            ) : (
              "Post"
            )}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
