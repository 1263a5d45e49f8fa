// How to install an eSIM, per phone family (wording of iOS 17 / Android 14 settings): one text
// for the order page (components/shop/orders/esim-install-steps.tsx) and the delivery mail
// (./mail.ts), so the two never disagree.

export type InstallSteps = { platform: "iphone" | "android"; title: string; steps: string[] };

export function esimInstallSteps({ confirmationCodeRequired, onOrderPage }: { confirmationCodeRequired: boolean; onOrderPage: boolean }): InstallSteps[] {
  const code = confirmationCodeRequired ? " Enter the confirmation code from your email when asked." : "";
  const oneTap = onOrderPage ? "On this iPhone, tap “Install on this iPhone”" : "On the iPhone, open this mail and tap “Install on iPhone”";
  return [
    {
      platform: "iphone",
      title: "iPhone",
      steps: [
        "Connect to Wi-Fi.",
        `${oneTap}; or on another screen, open the Camera and point it at the QR code.`,
        `Or go to Settings › Mobile Service › Add eSIM › Use QR Code (“Enter Details Manually” takes the SM-DP+ address and activation code).${code}`,
        "Label the new line (e.g. “Travel”), and keep your usual line for calls and texts.",
        "Choose the travel line for Mobile Data, and turn on Data Roaming for it when you arrive.",
      ],
    },
    {
      platform: "android",
      title: "Android",
      steps: [
        "Connect to Wi-Fi.",
        "Open Settings › Network & internet › SIMs › Add SIM (Samsung: Connections › SIM manager › Add eSIM).",
        `Choose “Download a SIM instead?” or “Scan QR code”, and scan the QR code; or enter the activation code (the LPA string) by hand.${code}`,
        "Once downloaded, turn the eSIM on and choose it for mobile data.",
        "Turn on Roaming for the eSIM when you arrive.",
      ],
    },
  ];
}
