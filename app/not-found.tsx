import { connection } from "next/server";
import { Document } from "@/components/document";
import { StatusMessage } from "@/components/shop/status-message";

// An address outside the buyer pages and the staff pages (proxy.ts sends every buyer address
// into app/[locale], where app/[locale]/(shop)/[...rest] answers unknown ones in the shop's
// frame and language). Rendered per request, so its scripts carry the nonce.
export default async function NotFound() {
  await connection();
  return (
    <Document lang="en">
      <main id="main">
        <StatusMessage back="Back to the shop" code="404" title="We could not find that page">
          The link may be mistyped, or the page has moved.
        </StatusMessage>
      </main>
    </Document>
  );
}
