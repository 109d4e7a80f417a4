// Picks one image for a post: checks type and size first (CONTRACT §5), so a bad file
// gets a clear message and is never attached; shows a removable preview.
import { useId, useState } from "react";
import { IMAGE_ACCEPT } from "#app/lib/image";
import { usePhotoSrc } from "#app/lib/photo-src";
import { useImageChooser } from "./useImageChooser";
import { CloseIcon, ImageIcon } from "./Icons";

interface ImagePickerProps {
  image: string;
  onChange: (dataUrl: string) => void;
  disabled?: boolean;
}

export function ImagePicker({ image, onChange, disabled }: ImagePickerProps) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const { input, choose } = useImageChooser(onChange, setProblem);
  // Editing a post shows its picture, which the API may quote by reference.
  const preview = usePhotoSrc(image);
  const [failed, setFailed] = useState<string | null>(null);

  return (
    <div className="image-picker">
      {image ? (
        <div className="image-picker__preview">
          {preview && failed !== preview ? (
            // The word is the point: it names which of the screen's pictures this one is.
            // eslint-disable-next-line jsx-a11y/img-redundant-alt
            <img src={preview} alt="Preview of the image to post" onError={() => setFailed(preview)} />
          ) : preview ? (
            <p className="image-picker__broken">This picture cannot be shown.</p>
          ) : null}
          <button
            type="button"
            className="icon-button icon-button--overlay"
            aria-label="Remove image"
            onClick={() => {
              onChange("");
              input.current?.focus();
            }}
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        className="visually-hidden image-picker__input"
        disabled={disabled}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        onChange={(e) => void choose(e.currentTarget.files?.[0])}
      />
      <label htmlFor={inputId} className="icon-button icon-button--accent image-picker__button" title="Add an image">
        <ImageIcon />
        <span className="visually-hidden">Add an image</span>
      </label>
      {problem ? (
        <p id={`${inputId}-problem`} className="image-picker__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
