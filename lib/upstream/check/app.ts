import "server-only";
import { env } from "@/lib/env";
import { commerceClient } from "../commerce";
import { discoverAuthorizationServer } from "../connection/oauth/discovery";
import { describeCommerceConnection, resolveUnlockImeiCheckAccess } from "../connection/resolve";
import { upstreamEndpoints } from "../endpoints";
import { imeiCheckAccessProblem } from "../unlock/imeicheck-hash";
import { unlockClient } from "../unlock";
import { runGoLiveCheck, type GoLiveReport } from "./run";

// The go-live check against the connection the shop uses right now: the app's own clients
// (env credentials, else the ones staff stored, else the embedded emulator's; the shared
// request budget), plus the OAuth discovery when the commerce connection is OAuth.

export async function checkShopConnection(): Promise<GoLiveReport> {
  const connection = await describeCommerceConnection();
  const baseUrl = upstreamEndpoints().commerce.baseUrl;
  return runGoLiveCheck({
    commerce: commerceClient(),
    unlock: unlockClient(),
    oauthMetadata: connection.kind === "oauth" ? () => discoverAuthorizationServer(baseUrl) : null,
    imeiCheckSetup: async () => imeiCheckAccessProblem(await resolveUnlockImeiCheckAccess()),
    shop: {
      checkoutMode: env.COMMERCE_CHECKOUT_MODE,
      webhooks: env.COMMERCE_WEBHOOKS !== "off",
      polling: env.ORDER_POLLING !== "off",
    },
  });
}
