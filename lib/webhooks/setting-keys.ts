// The `Setting` keys of the commerce webhook subscription (settings.ts writes them, the
// receiver's cache reads them): their own file so both can import them without a cycle.

export const WEBHOOK_SETTINGS = {
  id: "commerce.webhook.id",
  url: "commerce.webhook.url",
  secret: "commerce.webhook.secret",
  lock: "commerce.webhook.lock",
  /** The UpstreamConnection whose account holds the subscription: its deliveries are that connection's news. */
  connection: "commerce.webhook.connection",
  /** The upstream's refusal to let this connection manage the subscription (refusal.ts): order events off, not retried until the connection changes. */
  refused: "commerce.webhook.refused",
} as const;
