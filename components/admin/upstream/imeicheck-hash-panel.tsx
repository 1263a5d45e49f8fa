import { ConfirmAction } from "@/components/admin/shared/confirm-action";
import { imeiCheckSetupProblem } from "@/lib/products/imeicheck/availability";
import { describeImeiCheckHash } from "@/lib/upstream/connection/resolve";
import { describeImeiCheckHashSettings } from "@/lib/upstream/unlock/imeicheck-hash-settings";
import type { AdminActionState } from "@/lib/admin/action-state";
import { ImeiCheckHashForm } from "./imeicheck-hash-form";
import type { FormState } from "./forms";

// The IMEI check on Admin → Upstream connection: whether buyers can buy it (the staff message
// when not), where the hash settings come from, and the form to store them (docs/unlock.md
// "IMEI check hash"). The separate secret never leaves the server.

const SOURCE_TEXT = {
  env: "from the environment",
  stored: "stored in the shop",
  embedded: "the embedded sandbox emulator's rule",
  none: "not configured",
} as const;

export async function ImeiCheckHashPanel({
  environment,
  save,
  remove,
}: {
  environment: string;
  save: (state: FormState, form: FormData) => Promise<FormState>;
  remove: (state: AdminActionState, form: FormData) => Promise<AdminActionState>;
}) {
  const [problem, hash] = await Promise.all([imeiCheckSetupProblem(), describeImeiCheckHash()]);
  // Pre-fills the form with what is stored, never with the secret.
  const current =
    hash.source === "stored" && hash.settings
      ? {
          algorithm: hash.settings.algorithm,
          key: hash.settings.key,
          arguments: hash.settings.arguments,
          encoding: hash.settings.encoding,
        }
      : null;
  return (
    <section
      aria-labelledby="imeicheck-hash-heading"
      className="mt-6 flex flex-col gap-3 border-t border-border pt-4"
      data-testid="imeicheck-hash"
    >
      <h3 id="imeicheck-hash-heading" className="font-semibold">
        IMEI check hash
      </h3>
      {problem ? (
        <p
          role="alert"
          className="rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-sm"
          data-testid="imeicheck-setup-problem"
        >
          {problem}
        </p>
      ) : null}
      <p className="text-sm">
        {environment === "sandbox"
          ? "A sandbox account sends IMEI checks without a hash (the API allows that only in sandbox). "
          : "A production account signs every IMEI check with this hash; the API documents do not give its function, key or argument order: take them from the supplier. "}
        In use: <span className="font-medium">{SOURCE_TEXT[hash.source]}</span>
        {hash.settings ? (
          <code className="ml-1 font-mono break-all">{describeImeiCheckHashSettings(hash.settings)}</code>
        ) : null}
      </p>
      {hash.source === "env" ? (
        <p className="rounded-lg bg-surface-muted px-3 py-2 text-sm">
          <code>UNLOCK_IMEICHECK_HASH_ALGORITHM</code> is set in the server&apos;s environment, so those settings are
          used whatever is stored below.
        </p>
      ) : null}
      <div className="max-w-xl">
        <ImeiCheckHashForm action={save} current={current} />
      </div>
      {hash.source === "stored" ? (
        <div>
          <ConfirmAction
            action={remove}
            label="Remove hash settings"
            title="Remove the IMEI check hash settings?"
            confirmLabel="Remove"
            pendingText="Removing…"
            danger
            description="On a production unlocking account, IMEI checks are then off for buyers until settings are stored again."
          />
        </div>
      ) : null}
    </section>
  );
}
