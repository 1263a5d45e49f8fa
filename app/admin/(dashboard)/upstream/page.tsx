import type { Metadata } from "next";
import { ConfirmAction } from "@/components/admin/shared/confirm-action";
import { PageHeader } from "@/components/admin/shared/page-header";
import { CommerceApiKeyForm, ConnectOAuthForm, UnlockCredentialForm } from "@/components/admin/upstream/forms";
import { GoLiveSection } from "@/components/admin/upstream/go-live-section";
import { HealthPanel } from "@/components/admin/upstream/health-panel";
import { ImeiCheckHashPanel } from "@/components/admin/upstream/imeicheck-hash-panel";
import { OrderEventsNotice } from "@/components/admin/upstream/order-events-notice";
import { TestConnection } from "@/components/admin/upstream/test-connection";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { requireStaff } from "@/lib/auth/guards";
import { readStoredCommerceCredential } from "@/lib/upstream/connection/credentials";
import { readUpstreamHealth } from "@/lib/upstream/connection/health";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { requestedScopes } from "@/lib/upstream/connection/oauth/connect";
import { readWebhookRefusal, refusalHint, refusalText } from "@/lib/webhooks/refusal";
import {
  describeCommerceConnection,
  describeUnlockConnection,
  type CredentialSource,
} from "@/lib/upstream/connection/resolve";
import {
  connectOAuthAction,
  disconnectCommerceAction,
  removeUnlockCredentialAction,
  saveCommerceApiKeyAction,
  saveUnlockCredentialAction,
  testConnectionAction,
} from "./actions";
import { connectErrorMessage } from "./connect-errors";
import { goLiveCheckAction, switchProductAction } from "./go-live-actions";
import { removeImeiCheckHashAction, saveImeiCheckHashAction } from "./imeicheck-hash-actions";

export const metadata: Metadata = { title: "Upstream connection" };
export const dynamic = "force-dynamic";

const SOURCE_TEXT: Record<CredentialSource, string> = {
  env: "From the environment",
  stored: "Stored in the shop",
  embedded: "Embedded sandbox emulator",
  none: "Not configured",
};

function EnvironmentBadge({ environment }: { environment: string }) {
  if (environment === "production") return <Badge tone="warn">Production</Badge>;
  if (environment === "sandbox") return <Badge tone="ok">Sandbox</Badge>;
  if (environment === "not_configured") return <Badge tone="danger">Not configured</Badge>;
  return <Badge>Environment unknown</Badge>;
}

export default async function UpstreamConnectionPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaff("admin", "/admin/upstream");
  const params = await searchParams;
  const [commerce, unlock, stored, commerceHealth, unlockHealth, webhookRefusal] = await Promise.all([
    describeCommerceConnection(),
    describeUnlockConnection(),
    readStoredCommerceCredential({ fresh: true }),
    readUpstreamHealth("commerce"),
    readUpstreamHealth("unlock"),
    env.COMMERCE_WEBHOOKS === "off" ? null : readWebhookRefusal(db),
  ]);
  const oauth = stored?.kind === "oauth" ? stored : null;
  const connectError = typeof params.connect_error === "string" ? params.connect_error : null;

  return (
    <div className="flex flex-col gap-6 [&>:first-child]:mb-0">
      <PageHeader
        title="Upstream connection"
        description="The shop's accounts at the two wholesale APIs. Secrets are write-only: stored encrypted and never shown again. Values set in the server's environment win over anything stored here."
      />

      {params.connected === "oauth" ? (
        <p role="status" className="rounded-lg bg-ok-soft px-4 py-3 text-sm font-medium">
          Commerce account connected by OAuth.
        </p>
      ) : null}
      {connectError ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-sm">
          {connectErrorMessage(connectError)}
        </p>
      ) : null}

      <Card aria-labelledby="commerce-heading">
        <CardTitle id="commerce-heading">Commerce API (top-ups, eSIMs, gift cards)</CardTitle>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">In use</dt>
            <dd className="font-medium" data-testid="commerce-source">
              {SOURCE_TEXT[commerce.source]}
              {commerce.kind ? ` · ${commerce.kind === "oauth" ? "OAuth" : "API key"}` : ""}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Environment</dt>
            <dd>
              <EnvironmentBadge environment={commerce.environment} />
            </dd>
          </div>
          <div>
            <dt className="text-muted">{commerce.kind === "oauth" ? "Account" : "api_id"}</dt>
            <dd className="font-mono break-all">{commerce.identity ?? "—"}</dd>
          </div>
        </dl>
        {commerce.source === "env" ? (
          <p className="mt-3 rounded-lg bg-surface-muted px-3 py-2 text-sm">
            <code>COMMERCE_API_KEY</code> is set in the server&apos;s environment, so it is used whatever is stored
            below. Unset it to use a connection made here.
          </p>
        ) : null}

        {oauth?.reconnect ? (
          <div
            role="alert"
            className="mt-4 rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-sm"
            data-testid="reconnect-needed"
          >
            <p className="font-semibold">Reconnect needed</p>
            <p>
              The upstream no longer accepts this grant ({oauth.reconnect.reason},{" "}
              <LocalTime iso={oauth.reconnect.at} />
              ). Customers see commerce products as temporarily unavailable until you connect again.
            </p>
          </div>
        ) : null}

        {webhookRefusal ? (
          <OrderEventsNotice
            text={refusalText(webhookRefusal)}
            hint={refusalHint(webhookRefusal.reason)}
            at={webhookRefusal.at}
            polling={env.ORDER_POLLING !== "off"}
          />
        ) : null}

        <div className="mt-5 grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="oauth-heading" className="flex flex-col gap-3">
            <h3 id="oauth-heading" className="font-semibold">
              Connect by OAuth
            </h3>
            {oauth ? (
              <dl className="grid gap-1 text-sm">
                <div className="flex gap-2">
                  <dt className="text-muted">Scopes:</dt>
                  <dd className="font-mono">{oauth.scope}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="text-muted">Connected:</dt>
                  <dd>
                    <LocalTime iso={oauth.connectedAt} />
                  </dd>
                </div>
                <div className="flex gap-2">
                  <dt className="text-muted">Token last refreshed:</dt>
                  <dd>{oauth.refreshedAt ? <LocalTime iso={oauth.refreshedAt} /> : "not yet"}</dd>
                </div>
              </dl>
            ) : (
              <p className="text-sm text-muted">
                Sign in to the upstream PRO account and approve access. The shop registers itself as a client and asks
                for <code className="font-mono">{requestedScopes()}</code>.
              </p>
            )}
            <ConnectOAuthForm action={connectOAuthAction} label={oauth ? "Reconnect account" : "Connect account"} />
          </section>

          <section aria-labelledby="apikey-heading" className="flex flex-col gap-3">
            <h3 id="apikey-heading" className="font-semibold">
              Or use an API key
            </h3>
            {stored?.kind === "api_key" ? (
              <p className="text-sm text-muted">A key is stored (secret hidden). Saving a new one replaces it.</p>
            ) : null}
            <CommerceApiKeyForm action={saveCommerceApiKeyAction} />
          </section>
        </div>

        <div className="mt-6 flex flex-wrap items-start gap-4 border-t border-border pt-4">
          <TestConnection test={testConnectionAction.bind(null, "commerce")} label="Test commerce connection" />
          {stored ? (
            <ConfirmAction
              action={disconnectCommerceAction}
              label="Disconnect"
              title="Disconnect the commerce account?"
              confirmLabel="Disconnect"
              pendingText="Disconnecting…"
              danger
              description={
                stored.kind === "oauth"
                  ? "The shop forgets its OAuth client and tokens. Access is not revoked at the upstream: to revoke it, delete the client in the upstream account settings or change the account password."
                  : "The shop forgets the stored API key. To revoke the key itself, delete it in the upstream account settings."
              }
            />
          ) : null}
        </div>
      </Card>

      <Card aria-labelledby="unlock-heading">
        <CardTitle id="unlock-heading">Unlocking API (device unlocks, IMEI checks)</CardTitle>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">In use</dt>
            <dd className="font-medium" data-testid="unlock-source">
              {SOURCE_TEXT[unlock.source]}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Environment</dt>
            <dd>
              <EnvironmentBadge environment={unlock.environment} />
            </dd>
          </div>
          <div>
            <dt className="text-muted">SVC key</dt>
            <dd className="font-mono">{unlock.maskedKey ?? "—"}</dd>
          </div>
        </dl>
        {unlock.source === "env" ? (
          <p className="mt-3 rounded-lg bg-surface-muted px-3 py-2 text-sm">
            <code>UNLOCK_SVC_KEY</code> and <code>UNLOCK_SVC_SECRET</code> are set in the server&apos;s environment, so
            they are used whatever is stored below.
          </p>
        ) : null}
        <div className="mt-5 max-w-xl">
          <UnlockCredentialForm action={saveUnlockCredentialAction} />
        </div>
        <div className="mt-6 flex flex-wrap items-start gap-4 border-t border-border pt-4">
          <TestConnection test={testConnectionAction.bind(null, "unlock")} label="Test unlocking connection" />
          {unlock.source === "stored" ? (
            <ConfirmAction
              action={removeUnlockCredentialAction}
              label="Remove credentials"
              title="Remove the unlocking API credentials?"
              confirmLabel="Remove"
              pendingText="Removing…"
              danger
              description="The shop forgets the stored SVC key and secret. Unlock and IMEI check orders cannot be placed until credentials are set again."
            />
          ) : null}
        </div>
        <ImeiCheckHashPanel
          environment={unlock.environment}
          save={saveImeiCheckHashAction}
          remove={removeImeiCheckHashAction}
        />
      </Card>

      <GoLiveSection check={goLiveCheckAction} switchProduct={switchProductAction} />

      <section aria-labelledby="health-heading" className="flex flex-col gap-4">
        <h2 id="health-heading" className="text-lg font-semibold">
          Connection health
        </h2>
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <HealthPanel health={commerceHealth} />
          <HealthPanel health={unlockHealth} />
        </div>
      </section>
    </div>
  );
}
