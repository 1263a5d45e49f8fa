import { StatusMessage } from "@/components/shop/status-message";

// forbidden() on a staff page (lib/auth/guards.ts): a signed-in customer or a member without the role.
export default function Forbidden() {
  return (
    <main id="main">
      <StatusMessage back="Back to the shop" code="403" title="This page is for shop staff" tone="danger">
        Your account does not have access to it. If you work here, sign in with your staff account.
      </StatusMessage>
    </main>
  );
}
