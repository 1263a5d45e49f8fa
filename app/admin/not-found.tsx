import { StatusMessage } from "@/components/shop/status-message";

// notFound() on a staff page (an order or a member that does not exist), inside the admin's
// document. Addresses no route matches get app/global-not-found.tsx.
export default function AdminNotFound() {
  return (
    <main id="main">
      <StatusMessage back="Back to the shop" code="404" title="We could not find that page">
        The link may be mistyped, or what it pointed to no longer exists.
      </StatusMessage>
    </main>
  );
}
