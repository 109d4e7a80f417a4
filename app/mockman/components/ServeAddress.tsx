// The request's Settings tab: the server that Copy as cURL and Code target,
// with why it is needed behind a help button (a toggletip) rather than on the page.
import { useId, useState } from "react";

interface Props {
  baseUrl: string;
  problem: string | null;
  onChange(text: string): void;
}

export function ServeAddress({ baseUrl, problem, onChange }: Props) {
  const id = useId();
  const [help, setHelp] = useState(false);
  return (
    <div className="mm-base-url">
      <div className="mm-label-row">
        <label className="mm-field-label" htmlFor={`${id}-base`}>
          Server for Copy as cURL
        </label>
        <button
          type="button"
          className="mm-help-button"
          aria-expanded={help}
          aria-controls={`${id}-note`}
          aria-label="Help on the copy server"
          onClick={() => setHelp((v) => !v)}
        >
          ?
        </button>
      </div>
      <input
        id={`${id}-base`}
        className="mm-input"
        type="url"
        inputMode="url"
        spellCheck={false}
        autoComplete="off"
        value={baseUrl}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem ${id}-note` : `${id}-note`}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === "Escape" && setHelp(false)}
      />
      {problem && (
        <p id={`${id}-problem`} className="mm-error">
          {problem}
        </p>
      )}
      <p id={`${id}-note`} className="mm-hint mm-toggletip" hidden={!help}>
        This page&apos;s API lives only in this browser tab, so a copied cURL command needs <code>npx mockman serve</code> (or{" "}
        <code>npm run mockman -- serve</code>) running at this address. A copied mockman request runs the mock in the terminal itself.
      </p>
    </div>
  );
}
