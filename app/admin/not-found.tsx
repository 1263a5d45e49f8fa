import type { Metadata } from "next";
import { StatusMessage } from "@/components/shop/status-message";

/** Its own title ("Page not found · Relay" through the staff layout's template), not the dashboard's. */
export const metadata: Metadata = { title: "Page not found" };

// notFound() on a staff page (an order or a member that does not exist) or a staff address no
// page matches (app/admin/[...unknown]), inside the admin's document.
export default function AdminNotFound() {
  return (
    <main id="main">
      <StatusMessage back="Back to the shop" code="404" title="We could not find that page">
        The link may be mistyped, or what it pointed to no longer exists.
      </StatusMessage>
    </main>
  );
}
