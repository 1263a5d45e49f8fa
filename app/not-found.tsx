import { connection } from "next/server";
import { StatusPage } from "@/components/shop/status-page";

// Rendered per request like every page outside the page cache, so its scripts carry the nonce.
export default async function NotFound() {
  await connection();
  return (
    <StatusPage code="404" title="We could not find that page">
      The link may be mistyped, or the page has moved.
    </StatusPage>
  );
}
