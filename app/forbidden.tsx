import { StatusPage } from "@/components/shop/status-page";

export default function Forbidden() {
  return (
    <StatusPage code="403" title="This page is for shop staff" tone="danger">
      Your account does not have access to it. If you work here, sign in with your staff account.
    </StatusPage>
  );
}
