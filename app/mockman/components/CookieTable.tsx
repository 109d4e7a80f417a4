// The cookies an answer set, as Postman's Cookies tab lists them: each Set-Cookie
// read by tough-cookie (loose, as Postman's runtime reads them), one row each. A
// cookie without Domain or Path is the request's host and default path (RFC 6265
// §5.3). Loaded on first use (lazy.tsx): tough-cookie stays out of /mockman's first load.
import { Cookie, defaultPath } from "@postman/tough-cookie";

interface Props {
  /** Each Set-Cookie value, as the answer sent it. */
  setCookies: string[];
  /** The request's URL (a path is on the page's origin). */
  url: string;
  /** The table's box's accessible name, unique on the page. */
  label?: string;
}

interface Row {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: string;
}

function where(url: string): URL | null {
  try {
    return new URL(url, window.location.href);
  } catch {
    return null;
  }
}

/** A Set-Cookie as a row, or null when tough-cookie does not read it as a cookie. */
export function cookieRow(header: string, url: string): Row | null {
  const cookie = Cookie.parse(header, { loose: true });
  if (!cookie) return null;
  const at = where(url);
  const expiry = cookie.expiryTime();
  return {
    name: cookie.key,
    value: cookie.value,
    domain: cookie.domain ?? at?.hostname ?? "",
    path: cookie.path ?? (at ? defaultPath(at.pathname) : "/"),
    expires: Number.isFinite(expiry) ? new Date(expiry).toUTCString() : "Session",
    httpOnly: cookie.httpOnly,
    secure: cookie.secure,
    sameSite: cookie.sameSite ? cookie.sameSite[0].toUpperCase() + cookie.sameSite.slice(1) : "",
  };
}

const yesNo = (on: boolean) => (on ? "true" : "false");

export function CookieTable({ setCookies, url, label = "Cookies received" }: Props) {
  const read = setCookies.map((header) => ({ header, row: cookieRow(header, url) }));
  const rows = read.flatMap(({ row }) => (row ? [row] : []));
  const unread = read.filter(({ row }) => !row).map(({ header }) => header);
  const withSameSite = rows.some((r) => r.sameSite);
  return (
    <>
      {rows.length > 0 && (
        // A table wider than a phone scrolls sideways in its own box, which a keyboard can scroll (tabIndex).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="mm-cookies" role="region" aria-label={label} tabIndex={0}>
          <table className="mm-cookie-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Value</th>
                <th scope="col">Domain</th>
                <th scope="col">Path</th>
                <th scope="col">Expires</th>
                <th scope="col">HttpOnly</th>
                <th scope="col">Secure</th>
                {withSameSite && <th scope="col">SameSite</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={`${i}:${r.name}`}>
                  <th scope="row">{r.name}</th>
                  <td className="mm-cookie-value">{r.value}</td>
                  <td>{r.domain}</td>
                  <td>{r.path}</td>
                  <td>{r.expires}</td>
                  <td>{yesNo(r.httpOnly)}</td>
                  <td>{yesNo(r.secure)}</td>
                  {withSameSite && <td>{r.sameSite || "—"}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {unread.length > 0 && <p className="mm-hint">Not read as a cookie (left out): {unread.map((h) => `Set-Cookie: ${h}`).join("; ")}</p>}
    </>
  );
}
