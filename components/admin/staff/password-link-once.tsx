"use client";

import { useState } from "react";
import type { PasswordLinkState } from "@/lib/admin/action-state";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";

/**
 * A password link, shown only to the admin who issued it and only now: the shop stores its
 * hash, so it cannot be shown again (issuing a new one replaces it). No mail transport sends it
 * yet, so the admin hands it over.
 */
export function PasswordLinkOnce({ link }: { link: NonNullable<PasswordLinkState["link"]> }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-2 rounded-xl border border-warn bg-warn-soft p-4 text-sm" data-testid="password-link">
      <p>
        {link.purpose === "invite" ? "Invitation" : "Password reset"} link for <strong>{link.email}</strong>, shown{" "}
        <strong>only this once</strong>. It works once, until <LocalTime iso={link.expiresAt} />. Send it to them
        directly (chat or in person), not where others can read it.
      </p>
      <code className="block overflow-x-auto rounded bg-surface px-3 py-2 font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap">
        {link.url}
      </code>
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void navigator.clipboard?.writeText(link.url).then(() => setCopied(true))}
        >
          {copied ? "Copied" : "Copy link"}
        </Button>
      </div>
    </div>
  );
}
