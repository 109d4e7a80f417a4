// Bearer token and Basic auth fields that write the Authorization header, as
// in Postman's Authorization tab. The header row stays visible and editable.
import { useId } from "react";
import type { AuthFields } from "../lib/tabs";

export type AuthChoice = { kind: "none" } | { kind: "bearer"; token: string } | { kind: "basic"; username: string; password: string };

/** What the fields ask the Authorization header to be. */
export function authChoiceOf(v: AuthFields): AuthChoice {
  return v.kind === "bearer"
    ? { kind: "bearer", token: v.token }
    : v.kind === "basic"
      ? { kind: "basic", username: v.username, password: v.password }
      : { kind: "none" };
}

interface Props {
  /** The tab's fields: each tab keeps its own. */
  value: AuthFields;
  /** What signs the request when these fields say None: its saved auth of another type, or one it inherits. */
  signedBy?: string | null;
  onChange(fields: AuthFields): void;
}

export function AuthHelper({ value, signedBy, onChange }: Props) {
  const id = useId();
  const { kind, token, username, password } = value;
  const emit = (next: Partial<AuthFields>) => onChange({ ...value, ...next });
  return (
    <fieldset className="mm-auth">
      <legend className="mm-section-title">Authorization</legend>
      <div className="mm-auth-fields">
        <label htmlFor={`${id}-kind`}>Auth type</label>
        <select
          id={`${id}-kind`}
          className="mm-select"
          value={kind}
          onChange={(e) => {
            emit({ kind: e.target.value as AuthFields["kind"] });
          }}
        >
          <option value="none">None (headers as they are)</option>
          <option value="bearer">Bearer token</option>
          <option value="basic">Basic auth</option>
        </select>
        {kind === "bearer" && (
          <>
            <label htmlFor={`${id}-token`}>Token</label>
            <input
              id={`${id}-token`}
              className="mm-input"
              value={token}
              spellCheck={false}
              autoComplete="off"
              placeholder="eyJ… or {{token}}"
              onChange={(e) => {
                emit({ token: e.target.value });
              }}
            />
          </>
        )}
        {kind === "basic" && (
          <>
            <label htmlFor={`${id}-user`}>Username</label>
            <input
              id={`${id}-user`}
              className="mm-input"
              value={username}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => {
                emit({ username: e.target.value });
              }}
            />
            <label htmlFor={`${id}-pass`}>Password</label>
            <input
              id={`${id}-pass`}
              className="mm-input"
              type="password"
              value={password}
              autoComplete="off"
              onChange={(e) => {
                emit({ password: e.target.value });
              }}
            />
          </>
        )}
      </div>
      <p className="mm-hint">
        {kind === "none"
          ? "Bearer and Basic write the Authorization header below; Use guest token logs in and puts the token there."
          : kind === "bearer"
            ? "Sent as Authorization: Bearer <token>; {{variables}} are filled when the request is sent."
            : "Sent as Authorization: Basic base64(username:password); {{variables}} in them are filled from the active environment as you type."}
      </p>
      {kind === "none" && signedBy && <p className="mm-hint mm-auth-signed">{signedBy}</p>}
    </fieldset>
  );
}
