// Which kind of device a page is looked at on, from its User-Agent, for instructions that
// differ by device (an eSIM's install: one tap on iPhone, Android's own wording, the QR first on
// a computer). Only a hint: every way stays available, and an unknown agent counts as a computer.

export type DeviceKind = "ios" | "android" | "desktop";

export function deviceKindOf(userAgent: string | null | undefined): DeviceKind {
  const ua = userAgent ?? "";
  if (/\b(iPhone|iPod)\b/.test(ua) || (/\biPad\b/.test(ua) && /Mobile/.test(ua))) return "ios";
  if (/\bAndroid\b/i.test(ua)) return "android";
  return "desktop";
}
