import QRCode from "qrcode";

/**
 * The activation code as a QR, drawn by the app from the LPA string (the QR payload is exactly
 * that string, SGP.22): no request to the supplier, nothing cached elsewhere. Always dark on
 * white with a quiet zone, also in the dark theme, so cameras read it. Falls back to the
 * supplier's hosted PNG when there is no activation code to draw.
 */
export async function EsimQr({ lpa, hostedQrUrl }: { lpa: string | null; hostedQrUrl: string | null }) {
  const alt = "QR code to install your eSIM";
  let src: string | null = null;
  if (lpa) {
    const svg = await QRCode.toString(lpa, { type: "svg", errorCorrectionLevel: "M", margin: 4, color: { dark: "#000000", light: "#ffffff" } });
    src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  }
  if (!src && !hostedQrUrl) return null;
  return (
    <div className="flex shrink-0 flex-col items-center gap-2">
      <div className="rounded-xl bg-white p-2 shadow-sm ring-1 ring-border">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URL or the supplier's one-off PNG: nothing for next/image to optimise */}
        <img src={src ?? hostedQrUrl!} alt={alt} width={240} height={240} className="size-60 max-w-none" data-testid="esim-qr" data-source={src ? "app" : "hosted"} referrerPolicy="no-referrer" />
      </div>
      {src && hostedQrUrl ? (
        <a href={hostedQrUrl} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer" className="text-xs font-medium text-brand underline-offset-4 hover:underline">
          Open the supplier&apos;s QR image<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </div>
  );
}
