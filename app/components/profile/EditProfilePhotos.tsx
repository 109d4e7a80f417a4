// 'Edit profile's photos: the cover and avatar pickers, what they refused,
// the hidden fields the form sends, and each photo's optional description.
import { getTextareaProps } from "@conform-to/react";
import { ALT_MAX } from "#app/lib/schemas";
import type { User } from "#app/lib/types";
import { Counter } from "../Counter";
import { ErrorList, TextareaField } from "../Field";
import { PhotoPicker } from "./PhotoPicker";
import type { EditProfile } from "./useEditProfile";

export function EditProfilePhotos({ user, edit }: { user: User; edit: EditProfile }) {
  const { busy, fields, photos, lengths } = edit;
  const { userPhoto, coverPhoto, coverProblem, avatarProblem } = photos;
  return (
    <>
      <div className="edit-profile__photos">
        <PhotoPicker
          variant="cover"
          label="Change cover photo"
          value={coverPhoto}
          onChange={photos.setCoverPhoto}
          name={user.firstName}
          disabled={busy}
          problem={coverProblem}
          problemId="edit-profile-cover-problem"
          onProblem={photos.setCoverProblem}
        />
        <PhotoPicker
          variant="avatar"
          label="Change avatar"
          value={userPhoto}
          onChange={photos.setUserPhoto}
          name={user.firstName}
          disabled={busy}
          problem={avatarProblem}
          problemId="edit-profile-avatar-problem"
          onProblem={photos.setAvatarProblem}
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
            onInput: (e) => lengths.setAvatarAltLength(e.currentTarget.value.length),
          }}
          errors={fields.userPhotoAlt.errors}
          extra={<Counter id="edit-profile-avatar-alt-counter" max={ALT_MAX} length={lengths.avatarAltLength} />}
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
            onInput: (e) => lengths.setCoverAltLength(e.currentTarget.value.length),
          }}
          errors={fields.coverPhotoAlt.errors}
          extra={<Counter id="edit-profile-cover-alt-counter" max={ALT_MAX} length={lengths.coverAltLength} />}
        />
      ) : null}
    </>
  );
}
