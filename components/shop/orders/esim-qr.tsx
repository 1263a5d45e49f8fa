import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";

/**
 * The activation code as a QR, drawn by the app from the LPA string (the QR payload is exactly
 * that string, SGP.22): no request to the supplier, nothing cached elsewhere. Always dark on
 * white with a quiet zone, also in the dark theme, so cameras read it. Without an activation
 * code to draw, the supplier's hosted image through the shop's own address (`fileUrl`,
 * app/(shop)/orders/[ref]/files): a buyer never sees the supplier's host.
 */
export async function EsimQr({ lpa, fileUrl }: { lpa: string | null; fileUrl: string | null }) {
  const t = await getTranslations("DeliveryEsim");
  const alt = t("qrAlt");
  let src: string | null = null;
  if (lpa) {
    const svg = await QRCode.toString(lpa, {
      type: "svg",
      errorCorrectionLevel: "M",
      margin: 4,
      color: { dark: "#000000", light: "#ffffff" },
    });
    src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  }
  if (!src && !fileUrl) return null;
  return (
    <div className="flex shrink-0 flex-col items-center gap-2">
      <div className="rounded-xl bg-white p-2 shadow-sm ring-1 ring-border">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URL or the order's one-off PNG: nothing for next/image to optimise */}
        <img
          src={src ?? fileUrl!}
          alt={alt}
          width={240}
          height={240}
          className="size-60 max-w-none"
          data-testid="esim-qr"
          data-source={src ? "app" : "hosted"}
        />
      </div>
      {fileUrl ? (
        <a
          href={fileUrl}
          download="esim-qr.png"
          className="text-xs font-medium text-brand underline-offset-4 hover:underline"
        >
          {t("downloadQr")}
        </a>
      ) : null}
    </div>
  );
}
