// The request's Scripts section: its pre-request script (runs before the
// request is sent; what it sets with pm.environment / pm.variables fills the
// {{variables}}) and its tests (run on the answer: pm.test, pm.expect). Kept
// with the saved request as Postman events. Plain text areas: nothing to load.
import type { Scripts } from "../lib/scripts";

interface Props {
  /** Prefix for the fields' ids, unique on the page. */
  idPrefix: string;
  value: Scripts;
  onChange(scripts: Scripts): void;
  /** Where the scripts belong ("this request", "the folder Auth"), for the hint. */
  owner?: string;
}

export function ScriptsSection({ idPrefix, value, onChange, owner = "this request" }: Props) {
  return (
    <div className="mm-scripts">
      <p className="mm-hint">
        JavaScript run in a sandbox as Postman runs it, for {owner}: <code>pm.environment.set()</code>, <code>pm.test()</code>,{" "}
        <code>pm.expect()</code>, <code>pm.response.json()</code>. Collection scripts run first, then folders&apos;, then the
        request&apos;s.
      </p>
      <label className="mm-field-label" htmlFor={`${idPrefix}-prerequest`}>
        Pre-request script
      </label>
      <textarea
        id={`${idPrefix}-prerequest`}
        className="mm-textarea mm-script"
        spellCheck={false}
        rows={5}
        value={value.prerequest}
        placeholder="pm.environment.set('id', 1);"
        onChange={(e) => onChange({ ...value, prerequest: e.target.value })}
      />
      <label className="mm-field-label" htmlFor={`${idPrefix}-test`}>
        Tests
      </label>
      <textarea
        id={`${idPrefix}-test`}
        className="mm-textarea mm-script"
        spellCheck={false}
        rows={6}
        value={value.test}
        placeholder="pm.test('status is 200', () => pm.response.to.have.status(200));"
        onChange={(e) => onChange({ ...value, test: e.target.value })}
      />
    </div>
  );
}
