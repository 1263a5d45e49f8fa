import Link from "next/link";
import { hasRole, type CurrentUser } from "@/lib/auth/guards";
import { readStoredCommerceCredential } from "@/lib/upstream/connection/credentials";

/**
 * Shown on every dashboard page while the commerce OAuth grant is gone (invalid_grant): until an
 * admin connects again, customers see "temporarily unavailable" on commerce products.
 */
export async function ReconnectBanner({ user }: { user: CurrentUser }) {
  const stored = await readStoredCommerceCredential();
  if (stored?.kind !== "oauth" || !stored.reconnect) return null;
  return (
    <div role="alert" className="border-b border-danger/40 bg-danger-soft">
      <p className="mx-auto max-w-7xl px-4 py-2.5 text-sm">
        <span className="font-semibold">The commerce account must be reconnected.</span> Top-ups, eSIMs and gift cards
        are unavailable to customers until then.{" "}
        {hasRole(user, "admin") ? (
          <Link href="/admin/upstream" className="font-medium underline underline-offset-4">
            Reconnect now
          </Link>
        ) : (
          "Ask an admin to reconnect it."
        )}
      </p>
    </div>
  );
}
