// Paste a cURL command to fill the form. A native <dialog> gives focus
// trapping and Escape for free.
import { memo, useState } from "react";
import { FormDialog } from "./FormDialog";
import { CurlError, readCurl, type ParsedCurl } from "../lib/curl";

interface Props {
  open: boolean;
  onClose(): void;
  onFill(parsed: ParsedCurl): void;
}

export const CurlDialog = memo(function CurlDialog({ open, onClose, onFill }: Props) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const fill = async () => {
    try {
      onFill(await readCurl(text, window.location.origin));
      setText("");
      setProblem(null);
      onClose();
    } catch (error) {
      setProblem(error instanceof CurlError ? `Could not read the command: ${error.message}` : String(error));
    }
  };

  return (
    <FormDialog id="mm-curl" open={open} title="Paste a cURL command" submit="Fill the form" onSubmit={() => void fill()} onClose={onClose}>
      <label className="mm-section-title" htmlFor="mm-curl-text">
        cURL command <span className="mm-as-typed">(reads -X, -H, -d/--data-raw/--data-urlencode, --json, -b, -u, -G and the URL)</span>
      </label>
      <textarea
        id="mm-curl-text"
        className="mm-textarea"
        rows={6}
        spellCheck={false}
        value={text}
        placeholder={`curl -X POST 'http://127.0.0.1:3000/api/auth/login' -H 'Accept: */*' --data-raw '{"username":"guest"}'`}
        aria-invalid={problem !== null}
        aria-describedby={problem ? "mm-curl-problem" : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {problem && (
        <p id="mm-curl-problem" className="mm-error" role="alert">
          {problem}
        </p>
      )}
    </FormDialog>
  );
});
