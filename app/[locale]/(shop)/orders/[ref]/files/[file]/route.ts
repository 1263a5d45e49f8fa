import { NextResponse, type NextRequest } from "next/server";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { findViewableOrder } from "@/lib/orders/access";
import { openFulfillment } from "@/lib/orders/sealed-fulfillment";
import { fetchSupplierAsset } from "@/lib/orders/supplier-asset";
import { esimInstall } from "@/lib/products/esim/lines";
import { readImeiCheck } from "@/lib/products/imeicheck/lines";
import { PRODUCT_MODULES } from "@/lib/products/registry";
import { limitVisitor, VISITOR_LIMITED_CODE } from "@/lib/security/visitor-limits";
import { visitorKey } from "@/lib/security/client-address";
import { qrPng } from "@/lib/ui/qr-png";

// An order's files, from the shop's own address (no supplier host a buyer can see):
//   esim-qr.png   the eSIM's QR code, drawn from exactly its LPA string (the supplier's hosted
//                 image, fetched by the shop, only when there is no activation code to draw)
//   report.pdf    an IMEI check's PDF report, fetched from the supplier by the shop
// Whoever may see the order may fetch them; for anyone else the order does not exist. A fetch
// from the supplier counts against the visitor's image limit. Which files an order has is its
// product's (its module's `files`).

const NOT_FOUND = () =>
  NextResponse.json({ error: { code: "NOT_FOUND", message: "No such file for this order." } }, { status: 404 });
const PRIVATE = {
  "Cache-Control": "private, max-age=3600",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

type FileServer = (request: NextRequest, fulfillment: Record<string, unknown>) => Promise<NextResponse>;

const FILES: Record<string, FileServer> = {
  "esim-qr.png": async (request, fulfillment) => {
    const { activation, hostedQrUrl } = esimInstall(fulfillment);
    if (activation) {
      return new NextResponse(new Uint8Array(await qrPng(activation.lpa)), {
        headers: { "Content-Type": "image/png", ...PRIVATE },
      });
    }
    if (!hostedQrUrl) return NOT_FOUND();
    return supplierFile(
      request,
      hostedQrUrl,
      new Set(["image/png", "image/jpeg", "image/svg+xml", "image/webp"]),
      512 * 1024,
      'inline; filename="esim-qr.png"',
    );
  },
  "report.pdf": async (request, fulfillment) => {
    const url = readImeiCheck(fulfillment)?.report?.reportUrl;
    if (!url) return NOT_FOUND();
    return supplierFile(
      request,
      url,
      new Set(["application/pdf"]),
      5 * 1024 * 1024,
      'inline; filename="imei-report.pdf"',
    );
  },
};

export async function GET(request: NextRequest, { params }: { params: Promise<{ ref: string; file: string }> }) {
  const { ref, file } = await params;
  const serve = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
  if (!serve) return NOT_FOUND();
  const user = await getCurrentUser();
  const order = await findViewableOrder(
    (r) =>
      db.order.findUnique({
        where: { ref: r },
        select: { userId: true, placedAsGuest: true, productType: true, status: true, fulfillment: true },
      }),
    ref,
    user?.id,
  );
  if (!order || order.status !== "fulfilled") return NOT_FOUND();
  const files: readonly string[] = PRODUCT_MODULES[order.productType].files;
  if (!files.includes(file)) return NOT_FOUND();
  return serve(request, openFulfillment(order.fulfillment));
}

async function supplierFile(
  request: NextRequest,
  url: string,
  types: ReadonlySet<string>,
  maxBytes: number,
  disposition: string,
) {
  const verdict = await limitVisitor(db, "imageMiss", visitorKey(request.headers));
  if (!verdict.allowed) {
    return NextResponse.json(
      { error: { code: VISITOR_LIMITED_CODE, message: verdict.message } },
      { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
    );
  }
  const asset = await fetchSupplierAsset(url, { types, maxBytes });
  if (!asset)
    return NextResponse.json(
      {
        error: {
          code: "FILE_UNAVAILABLE",
          message: "This file cannot be fetched just now. Please try again in a moment.",
        },
      },
      { status: 502 },
    );
  return new NextResponse(asset.body, {
    headers: { "Content-Type": asset.contentType, "Content-Disposition": disposition, ...PRIVATE },
  });
}
