// 'Edit profile's photos: the cover, then the avatar, each one PhotoControl: its
// picker (with change and remove beside the image, never on it), what it refused,
// the hidden field the form sends, and its optional description.
import { getTextareaProps } from "@conform-to/react";
import { ALT_MAX } from "#app/lib/schemas";
import type { User } from "#app/lib/types";
import { charCount } from "#mock/core/rules";
import { Counter } from "../Counter";
import { ErrorList, TextareaField } from "../Field";
import { PhotoPicker } from "./PhotoPicker";
import type { EditProfile } from "./useEditProfile";

export function EditProfilePhotos({ user, edit }: { user: User; edit: EditProfile }) {
  return (
    <div className="edit-profile__photos">
      <PhotoControl kind="cover" user={user} edit={edit} />
      <PhotoControl kind="avatar" user={user} edit={edit} />
    </div>
  );
}

/** What tells the cover and the avatar apart: their words, fields and state in `EditProfile`. */
function photoKind(kind: "cover" | "avatar", { photos, lengths, fields }: EditProfile) {
  return kind === "cover"
    ? {
        label: "Change cover photo",
        what: "Cover photo",
        name: "coverPhoto",
        value: photos.coverPhoto,
        setValue: photos.setCoverPhoto,
        problem: photos.coverProblem,
        setProblem: photos.setCoverProblem,
        field: fields.coverPhoto,
        alt: fields.coverPhotoAlt,
        altLabel: "Cover photo description (alt text, optional)",
        altLength: lengths.coverAltLength,
        setAltLength: lengths.setCoverAltLength,
      }
    : {
        label: "Change avatar",
        what: "Avatar",
        name: "userPhoto",
        value: photos.userPhoto,
        setValue: photos.setUserPhoto,
        problem: photos.avatarProblem,
        setProblem: photos.setAvatarProblem,
        field: fields.userPhoto,
        alt: fields.userPhotoAlt,
        altLabel: "Avatar description (alt text, optional)",
        altLength: lengths.avatarAltLength,
        setAltLength: lengths.setAvatarAltLength,
      };
}

function PhotoControl({ kind, user, edit }: { kind: "cover" | "avatar"; user: User; edit: EditProfile }) {
  const photo = photoKind(kind, edit);
  const problemId = `edit-profile-${kind}-problem`;
  const counterId = `edit-profile-${kind}-alt-counter`;
  return (
    <div className={`photo-control photo-control--${kind}`}>
      <PhotoPicker
        variant={kind}
        label={photo.label}
        value={photo.value}
        onChange={photo.setValue}
        name={user.firstName}
        disabled={edit.busy}
        problem={photo.problem}
        problemId={problemId}
        onProblem={photo.setProblem}
      />
      {photo.problem ? (
        <p id={problemId} className="photo-picker__problem" role="alert">
          {photo.what}: {photo.problem}
        </p>
      ) : null}
      <input type="hidden" name={photo.name} value={photo.value} />
      <ErrorList errors={photo.field.errors} />
      {photo.value ? (
        <TextareaField
          key={photo.alt.key}
          label={photo.altLabel}
          textareaProps={{
            ...getTextareaProps(photo.alt),
            rows: 1,
            "aria-describedby": counterId,
            onInput: (e) => photo.setAltLength(charCount(e.currentTarget.value)),
          }}
          errors={photo.alt.errors}
          extra={<Counter id={counterId} max={ALT_MAX} length={photo.altLength} />}
        />
      ) : null}
    </div>
  );
}
