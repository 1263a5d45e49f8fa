"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * A new subscription's signing secret, shown this once: the upstream returns it only at
 * creation and the shop keeps it sealed. Whoever holds it can forge events, so it is not
 * shown again; copy it now if another receiver needs it.
 */
export function SecretOnce({
  created,
}: {
  created: { id: string; url: string; secret: string; isShopReceiver: boolean };
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="grid gap-2 rounded-xl border border-warn bg-warn-soft p-4 text-sm">
      <p className="font-semibold">Subscription {created.id} created.</p>
      <p>
        Its signing secret is shown <strong>only this once</strong>.{" "}
        {created.isShopReceiver
          ? "The shop stored it (encrypted) and verifies its deliveries with it."
          : "The shop stored it encrypted; copy it now for the receiver at that URL."}
      </p>
      <code
        className="block overflow-x-auto rounded bg-surface px-3 py-2 font-mono text-xs"
        data-testid="webhook-secret"
      >
        {created.secret}
      </code>
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(created.secret).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy secret"}
        </Button>
      </div>
    </div>
  );
}
