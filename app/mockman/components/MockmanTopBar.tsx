// The tester's top bar: its name, the OpenAPI description and the way back to Moments.
import { downloadText } from "#app/lib/download";

export function MockmanTopBar() {
  return (
    <header className="mm-topbar">
      <h1 className="mm-logo">mockman</h1>
      <p className="mm-tagline">Request tester for the Moments mock API</p>
      <button type="button" className="mm-openapi-link" onClick={() => void downloadOpenApi()}>
        OpenAPI description
      </button>
      <a className="mm-home-link" href="/">
        Moments
      </a>
    </header>
  );
}

/**
 * Downloads the API's OpenAPI 3.1 description. The API lives in this tab, so
 * the file comes through it (the static server has no /api), ready for
 * Postman, Insomnia, Bruno or Swagger UI to import.
 */
async function downloadOpenApi() {
  const response = await fetch("/api/openapi.json");
  downloadText(await response.text(), "moments.openapi.json");
}
