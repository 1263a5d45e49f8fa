"use client";

import { Copy, Eye, EyeOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { SubmitButton } from "@/components/ui/submit-button";
import { useToast } from "@/components/ui/toast";

export type RevealState = { ok: true; code: string; revealedAt: string } | { ok: false; error?: string };

/**
 * The gift card's code behind "Reveal code". Until the buyer asks, the page holds no code at all
 * (the server action answers it), so it is not in the HTML, a screenshot or over a shoulder.
 * Once shown: copy to the clipboard, hide it again. Its words: "DeliveryGiftcardCode", handed down
 * by GiftcardDelivery.
 */
export function GiftcardCode({
  action,
  revealedAt: initialRevealedAt,
}: {
  action: (state: RevealState, form: FormData) => Promise<RevealState>;
  revealedAt: string | null;
}) {
  const [state, formAction] = useActionState(action, { ok: false });
  const [hiddenState, setHiddenState] = useState<RevealState | null>(null);
  const codeRef = useRef<HTMLElement>(null);
  const toast = useToast();
  const t = useTranslations("DeliveryGiftcardCode");
  const shown = state.ok && hiddenState !== state ? state : null;
  const revealedAt = state.ok ? state.revealedAt : initialRevealedAt;

  // Screen readers and keyboards land on the code once it appears.
  useEffect(() => {
    if (state.ok) codeRef.current?.focus();
  }, [state]);

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      toast(t("copied"), "ok");
    } catch {
      toast(t("copyFailed"), "danger");
    }
  }

  return (
    <div className="flex flex-col gap-4" data-testid="giftcard-code-panel" data-revealed={shown ? "true" : "false"}>
      <div className="flex flex-col gap-1">
        <p className="text-sm text-muted" id="giftcard-code-label">
          {t("label")}
        </p>
        {shown ? (
          <code
            ref={codeRef}
            tabIndex={-1}
            aria-labelledby="giftcard-code-label"
            data-testid="giftcard-code"
            className="rounded-lg border border-border bg-surface-muted px-4 py-3 text-center font-mono text-xl font-semibold tracking-wider break-all select-all sm:text-2xl"
          >
            {shown.code}
          </code>
        ) : (
          <p className="rounded-lg border border-dashed border-border bg-surface-muted px-4 py-3 text-center font-mono text-xl tracking-wider text-muted sm:text-2xl">
            <span aria-hidden="true">••••-••••-••••-••••</span>
            <span className="sr-only">{t("hidden")}</span>
          </p>
        )}
      </div>

      {!state.ok && state.error ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.error}
        </p>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {shown ? (
          <>
            <Button onClick={() => copy(shown.code)} className="sm:flex-1">
              <Copy className="size-4" aria-hidden="true" />
              {t("copy")}
            </Button>
            <Button variant="ghost" onClick={() => setHiddenState(state)}>
              <EyeOff className="size-4" aria-hidden="true" />
              {t("hide")}
            </Button>
          </>
        ) : (
          <form action={formAction} className="contents">
            <SubmitButton pendingText={t("revealing")} className="sm:flex-1">
              <Eye className="size-4" aria-hidden="true" />
              {revealedAt ? t("showAgain") : t("reveal")}
            </SubmitButton>
          </form>
        )}
      </div>

      <p className="text-xs text-muted" data-testid="giftcard-revealed-at">
        {revealedAt ? t.rich("revealedOn", { date: () => <LocalTime iso={revealedAt} /> }) : t("hiddenNote")}
      </p>
    </div>
  );
}
