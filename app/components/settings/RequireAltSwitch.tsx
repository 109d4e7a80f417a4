// Settings > Posting: 'Require alt text', a switch kept in this browser.
import { setRequiresAlt, useRequiresAlt } from "#app/lib/alt-setting";

export function RequireAltSwitch() {
  const on = useRequiresAlt();
  return (
    <label className="switch" htmlFor="require-alt" aria-label="Require alt text">
      <input
        id="require-alt"
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(e) => setRequiresAlt(e.currentTarget.checked)}
        aria-describedby="require-alt-hint"
      />
      <span className="switch__text">
        <strong>Require alt text</strong>
        <span id="require-alt-hint" className="switch__hint">
          Refuse to post an image without a description, so people who can&apos;t see it know what it shows.
        </span>
      </span>
    </label>
  );
}
