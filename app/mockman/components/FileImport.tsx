// An "Import …" button over a hidden file input: reads the chosen file as text
// and hands it over. A file that is refused changes nothing and says why.
import { useRef, type ChangeEvent } from "react";

interface Props {
  /** The button's text: "Import collection". */
  label: string;
  /** The file input's accessible name: "Collection file to import". */
  fileLabel: string;
  /** Takes the file in and returns what to say; throws to refuse it. */
  onRead(text: string, fileName: string): Promise<string> | string;
  onNotice(text: string, isError?: boolean): void;
}

export function FileImport({ label, fileLabel, onRead, onNotice }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once, so choosing the same file again reads it again.
    event.target.value = "";
    if (!file) return;
    try {
      onNotice(await onRead(await file.text(), file.name));
    } catch (error) {
      onNotice(`${file.name} was not imported, nothing changed: ${error instanceof Error ? error.message : String(error)}`, true);
    }
  };
  return (
    <>
      <button type="button" className="mm-button" onClick={() => input.current?.click()}>
        {label}
      </button>
      <input ref={input} type="file" accept="application/json,.json" hidden aria-label={fileLabel} onChange={read} />
    </>
  );
}
