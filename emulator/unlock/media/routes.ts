import type { Hono } from "hono";
import type { EmulatorContext } from "../../core/context";
import type { UnlockCatalog } from "../catalog";
import type { UnlockEnv } from "../http/credentials";
import { replyError } from "../http/reply";
import { imeiProblem } from "../imei";
import {
  fullReportBought,
  imeiCheckResult,
  imeiCheckScenario,
  isFullResult,
  UNFORCED_REPORT_QUERY,
} from "../imeicheck/result";
import { deviceSvg } from "./device-image";
import { simplePdf } from "./pdf";

// Files the API's answers link to: device pictures (`img`), IMEI reports (`url_report`) and
// the page a paid report's button opens. Browsers open these without API headers, so they
// need no credentials and are not rate-limited.

export const MEDIA_PATHS = ["/img/devices/:file", "/reports/imei/:file", "/reports/imei/:imei/buy"] as const;

/** On the unlocking API's sub-app (unlock/index.ts), before its catch-all. */
export function registerMedia(app: Hono<UnlockEnv>, ctx: EmulatorContext, catalog: UnlockCatalog): void {
  app.get("/img/devices/:file", (c) => {
    const id = /^(\d{1,12})\.svg$/.exec(c.req.param("file"))?.[1];
    const device = id ? catalog.devices.get(Number(id)) : undefined;
    if (!device) return replyError(c, 404, "No such device image");
    return c.body(deviceSvg(device.id, device.brand, device.name, device.type === "Tablet"), 200, {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    });
  });

  app.get("/reports/imei/:file", (c) => {
    const imei = /^(\d{15})\.pdf$/.exec(c.req.param("file"))?.[1];
    if (!imei || imeiProblem(imei)) return replyError(c, 404, "No such report");
    // A paid device's PDF exists once an account bought its full report.
    const sandboxForced = new URL(c.req.url).search !== `?${UNFORCED_REPORT_QUERY}`;
    const result = imeiCheckResult(ctx, catalog, imei, { buyFullReport: fullReportBought(ctx, imei), sandboxForced });
    const { data, result: r } = result;
    if (!isFullResult(r)) return replyError(c, 404, `No report exists for IMEI ${imei}`);
    const lines = [
      `IMEI: ${data.imei}   TAC: ${data.tac}`,
      `Device: ${data.brandname} ${data.marketingname} (${data.modelname}), ${data.devicetype}`,
      `Blacklist status: ${r.blackliststatus ? "REPORTED (blacklisted)" : "not reported"}`,
      `Blocked in: ${r.lists.black.map((e) => e.name).join(", ") || "none"}`,
      `Usable in: ${r.lists.white.map((e) => e.name).join(", ") || "none"}`,
      ...r.imeihistory.map((h) => `${h.date}  ${h.action} by ${h.by} (${h.country})`),
      `Generated ${ctx.isoNow()} by the API emulator.`,
    ];
    return c.body(new Uint8Array(simplePdf("IMEI check report", lines)), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="imei-${imei}.pdf"`,
    });
  });

  app.get("/reports/imei/:imei/buy", (c) => {
    const imei = c.req.param("imei");
    if (imeiProblem(imei) || imeiCheckScenario(imei, true) !== "paid")
      return replyError(c, 404, "No paid report is offered for this IMEI");
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Full IMEI report</title></head>` +
        `<body><h1>Full IMEI report for ${imei}</h1><p>Emulated payment page: the emulator sells nothing here.</p></body></html>`,
    );
  });
}
