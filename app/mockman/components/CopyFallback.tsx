// A command the clipboard refused (Copy as cURL, Copy as mockman request),
// shown in a box to copy by hand.
import { useId } from "react";

export function CopyFallback({ text }: { text: string | null }) {
  const id = useId();
  if (text === null) return null;
  return (
    <div className="mm-copy-fallback">
      <label className="mm-field-label" htmlFor={`${id}-out`}>
        The clipboard is not available here; copy the command from this box
      </label>
      <textarea id={`${id}-out`} className="mm-textarea" readOnly rows={3} value={text} onFocus={(e) => e.target.select()} />
    </div>
  );
}
