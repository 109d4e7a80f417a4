// /mockman, public (CONTRACT §2). Everything it uses lives under app/mockman and is
// imported only from here, so Remix splits it into this route's own chunk.
import type { LinksFunction } from "@remix-run/node";
import type { MetaFunction } from "@remix-run/react";
import { MockmanPage } from "#app/mockman/components/MockmanPage";
import mockmanStyles from "#app/mockman/mockman.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: mockmanStyles }];

export const meta: MetaFunction = () => [
  { title: "mockman · request tester" },
  { name: "description", content: "Send requests to the Moments mock API and read the responses." },
];

export default function Mockman() {
  return <MockmanPage />;
}
