import type { Metadata } from "next";
import { signOutEverywhereAction } from "@/app/[locale]/(shop)/account/actions";
import {
  ConfirmEnrolmentForm,
  DisableTotpForm,
  RegenerateCodesForm,
  RequireTotpForm,
} from "@/components/admin/security/totp-forms";
import { PageHeader } from "@/components/admin/shared/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { hasRole, requireStaffForEnrolment } from "@/lib/auth/guards";
import { STAFF_SESSION_MS } from "@/lib/auth/session-policy";
import { isStaffTotpRequired, totpStatus } from "@/lib/auth/totp";
import { db } from "@/lib/db";
import {
  confirmEnrolmentAction,
  disableTotpAction,
  regenerateRecoveryCodesAction,
  setStaffTotpRequiredAction,
  startEnrolmentAction,
} from "./actions";

export const metadata: Metadata = { title: "Security", referrer: "no-referrer" };

// The member's own sign-in security: two-factor sign-in (docs/admin.md "Two-factor sign-in"),
// their sessions, and for admins whether two-factor is required for all staff. Reachable while
// two-factor is required and not yet set up: the guards send such members here.
export default async function SecurityPage({ searchParams }: { searchParams: Promise<{ required?: string }> }) {
  const me = await requireStaffForEnrolment("staff", "/admin/security");
  const [status, required, query] = await Promise.all([totpStatus(db, me), isStaffTotpRequired(db), searchParams]);
  const withoutTotp = hasRole(me, "admin")
    ? await db.user.count({ where: { role: { in: ["staff", "admin"] }, disabledAt: null, totpEnabledAt: null } })
    : 0;
  return (
    <>
      <PageHeader title="Security" description="Two-factor sign-in and your sessions." />
      <div className="flex flex-col gap-6">
        {required && status.state !== "on" ? (
          <p role="alert" className="rounded-lg bg-warn-soft px-3 py-2 text-sm text-warn">
            {query.required ? "An admin requires two-factor sign-in for all staff. " : ""}Set up two-factor sign-in to
            use the rest of the dashboard.
          </p>
        ) : null}
        <Card>
          <CardTitle>Two-factor sign-in</CardTitle>
          <div className="mt-4 grid gap-4 text-sm">
            {status.state === "off" ? (
              <>
                <p>
                  After your password, the sign-in also asks for a 6-digit code from an authenticator app on your phone
                  (any TOTP app: Google Authenticator, 1Password, Authy, …).
                </p>
                <form action={startEnrolmentAction}>
                  <Button type="submit">Set up two-factor sign-in</Button>
                </form>
              </>
            ) : null}
            {status.state === "pending" ? (
              <ConfirmEnrolmentForm
                confirm={confirmEnrolmentAction}
                setup={
                  <>
                    <p>1. Scan this code with your authenticator app, or type the key below into it.</p>
                    <div
                      role="img"
                      aria-label={`QR code to add ${me.email} to an authenticator app`}
                      className="size-[220px] overflow-hidden rounded-lg border border-border bg-white"
                      // The SVG is made on the server by the qrcode package from the otpauth address alone.
                      dangerouslySetInnerHTML={{ __html: status.qrSvg }}
                    />
                    <p>
                      Key:{" "}
                      <code
                        className="rounded bg-surface-muted px-2 py-1 font-mono [overflow-wrap:anywhere]"
                        data-testid="totp-key"
                      >
                        {status.secret.replace(/(.{4})/g, "$1 ").trim()}
                      </code>
                    </p>
                    <p>2. Enter the code the app shows to turn two-factor sign-in on.</p>
                  </>
                }
              />
            ) : null}
            {status.state === "on" ? (
              <>
                <p>
                  On since <LocalTime iso={status.enabledAt.toISOString()} />. {status.recoveryCodesLeft} of 10 recovery
                  codes left.
                </p>
                <RegenerateCodesForm regenerate={regenerateRecoveryCodesAction} />
                {required ? (
                  <p className="text-muted">
                    Two-factor sign-in is required for all staff, so it cannot be turned off.
                  </p>
                ) : (
                  <DisableTotpForm disable={disableTotpAction} />
                )}
              </>
            ) : null}
          </div>
        </Card>
        <Card>
          <CardTitle>Sessions</CardTitle>
          <div className="mt-4 grid gap-3 text-sm">
            <p>
              A staff session ends {STAFF_SESSION_MS / 3_600_000} hours after you sign in. Signing out everywhere ends
              your sessions on every device and browser, this one too.
            </p>
            <form action={signOutEverywhereAction}>
              <Button type="submit" variant="secondary">
                Sign out everywhere
              </Button>
            </form>
          </div>
        </Card>
        {hasRole(me, "admin") ? (
          <Card>
            <CardTitle>Two-factor for all staff</CardTitle>
            <div className="mt-4 grid gap-3 text-sm">
              <p>
                When required, staff without two-factor sign-in are sent to set it up before anything else in the
                dashboard.{" "}
                {withoutTotp === 0
                  ? "Every enabled staff account has it."
                  : withoutTotp === 1
                    ? "1 enabled staff account has none yet."
                    : `${withoutTotp} enabled staff accounts have none yet.`}
              </p>
              <RequireTotpForm required={required} save={setStaffTotpRequiredAction} />
            </div>
          </Card>
        ) : null}
      </div>
    </>
  );
}
