// 'Edit profile' (CONTRACT §2, §5): cover photo, avatar, Name (required, max 12), Bio
// Link, Bio (max 250) and 'Update', kept from the press until its answer (useKeptEdit).
// It closes once the update succeeded; the action toasts 'updated successfully' and the
// screens revalidate. Its state lives in useEditProfile, the photos and their
// descriptions in EditProfilePhotos.
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { BIO_MAX } from "#app/lib/schemas";
import { TEXT } from "#app/lib/texts";
import { useKeptEdit } from "#app/lib/use-kept-submit";
import type { User } from "#app/lib/types";
import { charCount } from "#mock/core/rules";
import { Counter } from "../Counter";
import { ErrorList, Field, TextareaField } from "../Field";
import { Modal } from "../Modal";
import { useDiscardQuestion } from "../useDiscardQuestion";
import { EditProfilePhotos } from "./EditProfilePhotos";
import { useEditProfile } from "./useEditProfile";

export function EditProfileModal({ user, onClose }: { user: User; onClose: () => void }) {
  const edit = useEditProfile(user, onClose);
  const { fetcher, busy, form, fields, lengths } = edit;
  const formProps = getFormProps(form);
  // A page gone between Update and its answer has the edit sent at the next boot (outbox.ts).
  const onSubmit = useKeptEdit(fetcher, formProps.onSubmit);
  const { form: discardForm, close, question } = useDiscardQuestion(onClose);

  return (
    <Modal title={TEXT.editProfile} onClose={close}>
      {question}
      <fetcher.Form
        ref={discardForm}
        method="post"
        action={`/profile/${encodeURIComponent(user.username)}`}
        className="form edit-profile"
        {...formProps}
        onSubmit={onSubmit}
      >
        <EditProfilePhotos user={user} edit={edit} />
        <Field
          key={fields.firstName.key}
          label="Name"
          inputProps={{
            ...getInputProps(fields.firstName, { type: "text" }),
            autoComplete: "given-name",
            dir: "auto",
            // Opened to edit the profile: focus starts on Name, not on a photo's description above it.
            "data-dialog-start": "",
          }}
          errors={fields.firstName.errors}
        />
        <Field
          key={fields.lastName.key}
          label="Last name"
          hint="Optional. Shown after your name."
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name", dir: "auto" }}
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
            onInput: (e) => lengths.setBioLength(charCount(e.currentTarget.value)),
          }}
          errors={fields.bio.errors}
          extra={<Counter id="edit-profile-bio-counter" max={BIO_MAX} length={lengths.bioLength} />}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="form__row edit-profile__footer">
          <button type="button" className="button button--secondary" onClick={close}>
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
