import { StatusPage } from "@/components/shop/status-page";

export default function NotFound() {
  return (
    <StatusPage code="404" title="We could not find that page">
      The link may be mistyped, or the page has moved.
    </StatusPage>
  );
}
