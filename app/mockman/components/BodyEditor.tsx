// The JSON body: what is typed, and the error while it does not parse.
import { sendsBody, type BodyCheck } from "../lib/body";

interface Props {
  text: string;
  check: BodyCheck;
  method: string;
  onChange(text: string): void;
}

export function BodyEditor({ text, check, method, onChange }: Props) {
  return (
    <div className="mm-body">
      <label className="mm-section-title" htmlFor="mm-body">
        JSON body
      </label>
      <textarea
        id="mm-body"
        className="mm-textarea"
        value={text}
        spellCheck={false}
        rows={8}
        aria-invalid={!check.ok}
        aria-describedby="mm-body-help"
        onChange={(e) => onChange(e.target.value)}
      />
      <p id="mm-body-help" className={check.ok ? "mm-hint" : "mm-error"} role={check.ok ? undefined : "alert"}>
        {check.ok ? (sendsBody(method) ? "Sent as application/json." : `${method} requests are sent without a body.`) : check.message}
      </p>
    </div>
  );
}
