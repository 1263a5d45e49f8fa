import type { z } from "zod";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import type { Messages } from "@/lib/i18n/messages";
import type { MailPart } from "@/lib/mail/layout";
import type { FulfillmentLine, PurchaseLine } from "@/lib/orders/buyer-view";
import type { PriceSale, UpstreamMode } from "@/lib/checkout/checkout";
import type { OrderFulfillment } from "@/lib/orders/fulfillment";
import type { SaleRequest } from "@/lib/admin/pos/sale-request";
import type { Report } from "@/lib/admin/reports/aggregate";
import type { CommerceClient } from "@/lib/upstream/commerce/client";
import type { OrderRequestBody } from "@/lib/upstream/commerce/schemas";

// What every product provides (docs/architecture.md "Shape" and "Folders"). Every member is required: a
// product that has no such rule says so with null, so leaving a part out of a module fails the
// type check (lib/products/contract.test-d.ts). The registry (./registry.ts) holds one module
// per ProductType; the order core, mail, staff pages and reports look a product's rule up there
// instead of switching on Order.productType.

/** The order's detail: the one schema a sale writes and the reader the pages use (never throws). */
export type ProductDetail<Read = unknown> = {
  schema: z.ZodType;
  read: (detail: unknown) => Read;
};

/** The product's part of Order.fulfillment: a typed reader of the opened record, and the fields sealed at rest (lib/orders/sealed-fulfillment.ts). */
export type ProductFulfilment<Read = unknown> = {
  read: (fulfillment: unknown) => Read;
  secretFields: readonly (keyof OrderFulfillment)[];
};

/** Commerce API v2: the create/preview body, built the same way on every attempt. */
export type CommerceUpstream = {
  api: "commerce";
  /**
   * The request fields a quote for the product takes: a phone number or a plan id (the words to
   * show when it is missing; null when the product takes none), and whether an SMS notice may be asked.
   */
  fields: { phone: string | null; catalogId: string | null; sms: boolean };
  /** The body for an order's detail; null when the detail cannot be placed (placement parks it). */
  body: (detail: unknown, mode: UpstreamMode, lang: string) => OrderRequestBody | null;
  /**
   * The detail with a fresh price token for the same choice, when the supplier says the stored
   * one expired; null when the product's tokens do not expire while an order waits.
   */
  renewPriceToken: ((detail: unknown, commerce: CommerceClient) => Promise<Record<string, unknown> | null>) | null;
};

/** The unlocking API: what placement sends, read from the detail (null when it cannot be placed). */
export type UnlockUpstream<Request = unknown> = {
  api: "unlock";
  request: (detail: unknown) => Request | null;
};

/** When the worker looks at a placed order again, and through which API it reads its status. */
export type ProductPolling = {
  api: "commerce" | "unlock";
  delayMs: (
    order: Pick<Order, "status" | "detail" | "placedAt" | "upstreamStatus">,
    attempts: number,
    now: Date,
  ) => number;
} | null;

export type DeliveryMailInput = {
  db: Pick<Prisma.TransactionClient, "setting">;
  order: Order;
  /** The order's fulfillment, opened (lib/orders/sealed-fulfillment.ts). */
  fulfillment: Record<string, unknown>;
  locale: Locale;
  orderUrl: string;
};
export type DeliveryMailParts = { parts: MailPart[]; carriesSecret: boolean };

export type ReportTop = { list: keyof Report["top"]; label: string };

/** A buyer-side cancel: the window after placement and the supplier states in which it is accepted. */
export type CancelWindow = { windowMs: number; cancellableStatuses: readonly string[] };

export type ProductModule<T extends ProductType = ProductType> = {
  type: T;
  detail: ProductDetail;
  fulfilment: ProductFulfilment;
  /** The point of sale's checkout step for staff's choice (the storefront's pay actions call the same step). */
  sale: (request: Extract<SaleRequest, { product: T }>) => PriceSale;
  upstream: CommerceUpstream | UnlockUpstream;
  lines: {
    /** "What you bought", in English (lib/products/purchase-lines.ts words them per language). */
    purchase: (detail: unknown) => PurchaseLine[];
    /** Plain delivery rows on the order page; [] when the product draws its own delivery section. */
    delivery: (fulfillment: unknown, locale: Locale) => FulfillmentLine[];
  };
  mail: { deliveryParts: (input: DeliveryMailInput) => DeliveryMailParts | Promise<DeliveryMailParts> };
  /** "Buy again" on a finished order: its words and the path it opens; null when the product is not bought twice. */
  buyAgain: {
    label: `OrderBuyAgain.${keyof Messages["OrderBuyAgain"]}`;
    href: (order: Pick<Order, "detail" | "locale">) => Promise<string | null>;
  } | null;
  staff: {
    /** The reports' "top" list an order counts in, and its name there; null when it counts in none. */
    reportTop: (detail: unknown) => ReportTop | null;
    /** A few lines of the delivered result for the staff order page; null when the product has none. */
    summary: ((fulfillment: unknown) => [label: string, value: string][] | null) | null;
  };
  polling: ProductPolling;
  /** Files the order page's files route serves for this product (app/[locale]/(shop)/orders/[ref]/files). */
  files: readonly string[];
  cancel: CancelWindow | null;
};
