// A cover photo or avatar picker for 'Edit profile': the same type and size
// rules as the composer (app/lib/image.ts), checked before the file is read, so
// a bad file gets a clear message and the previous photo stays. Change and remove sit
// beside the image, never on it, so they cover neither the initials nor the cover's edge.
import { useId } from "react";
import { IMAGE_ACCEPT } from "#app/lib/image";
import { usePhotoSrc } from "#app/lib/photo-src";
import { useImageChooser } from "../useImageChooser";
import { Avatar } from "../Avatar";
import { CloseIcon, ImageIcon } from "../Icons";

interface PhotoPickerProps {
  variant: "cover" | "avatar";
  /** Names the file input, e.g. 'Change cover photo'. */
  label: string;
  /** The photo: a data URL, a /path, the API's reference to the current photo, or ''. */
  value: string;
  onChange: (value: string) => void;
  /** The user's name, for the avatar's initial when there is no photo. */
  name: string;
  disabled?: boolean;
  /** Why the last file was refused; shown by the modal below both photos, under this id. */
  problem: string | null;
  problemId: string;
  onProblem: (problem: string | null) => void;
}

export function PhotoPicker({
  variant,
  label,
  value,
  onChange,
  name,
  disabled,
  problem,
  problemId,
  onProblem: setProblem,
}: PhotoPickerProps) {
  const inputId = useId();
  const { input, choose } = useImageChooser(onChange, setProblem);
  const what = variant === "cover" ? "cover photo" : "avatar";
  const cover = usePhotoSrc(variant === "cover" ? value : undefined);

  return (
    <div className={`photo-picker photo-picker--${variant}`}>
      <div className="photo-picker__preview">
        {variant === "avatar" ? (
          <Avatar src={value || undefined} name={name} size="lg" />
        ) : value ? (
          // Blank while a photo the API quotes by reference loads.
          cover ? (
            // eslint-disable-next-line jsx-a11y/img-redundant-alt -- "photo" names which picture this is
            <img src={cover} alt="Cover photo preview" />
          ) : null
        ) : (
          <span className="photo-picker__empty">No cover photo</span>
        )}
      </div>
      <div className="photo-picker__tools">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          className="visually-hidden photo-picker__input"
          disabled={disabled}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
        />
        <label htmlFor={inputId} className="icon-button photo-picker__tool photo-picker__choose" title={label}>
          <ImageIcon />
          <span className="visually-hidden">{label}</span>
        </label>
        {value ? (
          <button
            type="button"
            className="icon-button photo-picker__tool"
            aria-label={`Remove ${what}`}
            title={`Remove ${what}`}
            disabled={disabled}
            onClick={() => {
              onChange("");
              setProblem(null);
              input.current?.focus();
            }}
          >
            <CloseIcon />
          </button>
        ) : null}
      </div>
    </div>
  );
}
