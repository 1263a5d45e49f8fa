import { StatusMessage } from "@/components/shop/status-message";

// notFound() on a shop page: the message inside the shop's own frame (its layout), not a second one.
export default function ShopNotFound() {
  return (
    <StatusMessage code="404" title="We could not find that page">
      The link may be mistyped, or the page has moved.
    </StatusMessage>
  );
}
