// /mockman, public (CONTRACT §2). Everything it uses lives under app/mockman and is
// imported only from here, so Remix splits it into this route's own chunk.
import type { MetaFunction } from "@remix-run/react";
import { MockmanPage } from "#app/mockman/components/MockmanPage";
// Imported, not linked: Remix's manifest then lists it as this route's CSS, which the HTML preloads (app/lib/route-preload.ts).
import "#app/mockman/mockman.css";

export const meta: MetaFunction = () => [
  { title: "mockman · request tester" },
  { name: "description", content: "Send requests to the Moments mock API and read the responses." },
];

export default function Mockman() {
  return <MockmanPage />;
}
