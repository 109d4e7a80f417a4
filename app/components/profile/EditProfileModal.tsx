// 'Edit profile' (CONTRACT §2, §5): cover photo, avatar, Name (required, max 12), Bio
// Link, Bio (max 250) and 'Update'. It closes once the update succeeded; the
// action toasts 'updated successfully' and the screens revalidate.
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ProfileActionData } from "#app/lib/profile-actions";
import { ALT_MAX, BIO_MAX, editProfileSchema } from "#app/lib/schemas";
import { TEXT } from "#app/lib/texts";
import type { User } from "#app/lib/types";
import { Counter } from "../Counter";
import { ErrorList, Field, TextareaField } from "../Field";
import { Modal } from "../Modal";
import { PhotoPicker } from "./PhotoPicker";

export function EditProfileModal({ user, onClose }: { user: User; onClose: () => void }) {
  // Not keyed: each opening starts without the last opening's answer.
  const fetcher = useFetcher<ProfileActionData>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" && fetcher.data?.intent === "edit-profile" ? fetcher.data : undefined;
  const [userPhoto, setUserPhoto] = useState(user.userPhoto ?? "");
  const [coverPhoto, setCoverPhoto] = useState(user.coverPhoto ?? "");
  const [coverProblem, setCoverProblem] = useState<string | null>(null);
  const [avatarProblem, setAvatarProblem] = useState<string | null>(null);
  // Counted here: Conform's field value starts empty until the first input, not at the default bio.
  const [bioLength, setBioLength] = useState((user.bio ?? "").length);
  const [avatarAltLength, setAvatarAltLength] = useState((user.userPhotoAlt ?? "").length);
  const [coverAltLength, setCoverAltLength] = useState((user.coverPhotoAlt ?? "").length);
  const [form, fields] = useForm({
    id: "edit-profile",
    lastResult: answer && "result" in answer ? answer.result : undefined,
    defaultValue: {
      firstName: user.firstName,
      lastName: user.lastName ?? "",
      link: user.link ?? "",
      bio: user.bio ?? "",
      userPhotoAlt: user.userPhotoAlt ?? "",
      coverPhotoAlt: user.coverPhotoAlt ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editProfileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (answer?.ok) onClose();
  }, [answer, onClose]);

  return (
    <Modal title={TEXT.editProfile} onClose={onClose}>
      <fetcher.Form
        method="post"
        action={`/profile/${encodeURIComponent(user.username)}`}
        className="form edit-profile"
        {...getFormProps(form)}
      >
        <div className="edit-profile__photos">
          <PhotoPicker
            variant="cover"
            label="Change cover photo"
            value={coverPhoto}
            onChange={setCoverPhoto}
            name={user.firstName}
            disabled={busy}
            problem={coverProblem}
            problemId="edit-profile-cover-problem"
            onProblem={setCoverProblem}
          />
          <PhotoPicker
            variant="avatar"
            label="Change avatar"
            value={userPhoto}
            onChange={setUserPhoto}
            name={user.firstName}
            disabled={busy}
            problem={avatarProblem}
            problemId="edit-profile-avatar-problem"
            onProblem={setAvatarProblem}
          />
        </div>
        {coverProblem ? (
          <p id="edit-profile-cover-problem" className="photo-picker__problem" role="alert">
            Cover photo: {coverProblem}
          </p>
        ) : null}
        {avatarProblem ? (
          <p id="edit-profile-avatar-problem" className="photo-picker__problem" role="alert">
            Avatar: {avatarProblem}
          </p>
        ) : null}
        <input type="hidden" name="coverPhoto" value={coverPhoto} />
        <input type="hidden" name="userPhoto" value={userPhoto} />
        <ErrorList errors={[...(fields.coverPhoto.errors ?? []), ...(fields.userPhoto.errors ?? [])]} />
        {userPhoto ? (
          <TextareaField
            key={fields.userPhotoAlt.key}
            label="Avatar description (alt text, optional)"
            textareaProps={{
              ...getTextareaProps(fields.userPhotoAlt),
              rows: 1,
              "aria-describedby": "edit-profile-avatar-alt-counter",
              onInput: (e) => setAvatarAltLength(e.currentTarget.value.length),
            }}
            errors={fields.userPhotoAlt.errors}
            extra={<Counter id="edit-profile-avatar-alt-counter" max={ALT_MAX} length={avatarAltLength} />}
          />
        ) : null}
        {coverPhoto ? (
          <TextareaField
            key={fields.coverPhotoAlt.key}
            label="Cover photo description (alt text, optional)"
            textareaProps={{
              ...getTextareaProps(fields.coverPhotoAlt),
              rows: 1,
              "aria-describedby": "edit-profile-cover-alt-counter",
              onInput: (e) => setCoverAltLength(e.currentTarget.value.length),
            }}
            errors={fields.coverPhotoAlt.errors}
            extra={<Counter id="edit-profile-cover-alt-counter" max={ALT_MAX} length={coverAltLength} />}
          />
        ) : null}
        <Field
          key={fields.firstName.key}
          label="Name"
          inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
          errors={fields.firstName.errors}
        />
        <Field
          key={fields.lastName.key}
          label="Last name"
          hint="Optional. Shown after your name."
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
          errors={fields.lastName.errors}
        />
        <Field
          key={fields.link.key}
          label="Bio Link"
          inputProps={{ ...getInputProps(fields.link, { type: "text" }), inputMode: "url", autoComplete: "url", placeholder: "https://" }}
          errors={fields.link.errors}
        />
        <TextareaField
          key={fields.bio.key}
          label="Bio"
          textareaProps={{
            ...getTextareaProps(fields.bio),
            rows: 3,
            "aria-describedby": "edit-profile-bio-counter",
            onInput: (e) => setBioLength(e.currentTarget.value.length),
          }}
          errors={fields.bio.errors}
          extra={<Counter id="edit-profile-bio-counter" max={BIO_MAX} length={bioLength} />}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="form__row edit-profile__footer">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" name="intent" value="edit-profile" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? "Updating…" : TEXT.update}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
