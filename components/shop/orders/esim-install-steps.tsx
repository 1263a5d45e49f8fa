/** Step-by-step installation for iPhone and Android (wording of iOS 17 / Android 14 settings). */
export function EsimInstallSteps({ confirmationCodeRequired }: { confirmationCodeRequired: boolean }) {
  const code = confirmationCodeRequired ? " Enter the confirmation code from your email when asked." : "";
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="esim-install-steps">
      <section aria-labelledby="install-iphone" className="rounded-xl border border-border p-4">
        <h3 id="install-iphone" className="font-semibold">
          iPhone
        </h3>
        <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-muted">
          <li>Connect to Wi-Fi.</li>
          <li>On this iPhone, tap “Install on this iPhone”; or on another screen, open the Camera and point it at the QR code.</li>
          <li>Or go to Settings › Mobile Service › Add eSIM › Use QR Code (“Enter Details Manually” takes the SM-DP+ address and activation code).{code}</li>
          <li>Label the new line (e.g. “Travel”), and keep your usual line for calls and texts.</li>
          <li>Choose the travel line for Mobile Data, and turn on Data Roaming for it when you arrive.</li>
        </ol>
      </section>
      <section aria-labelledby="install-android" className="rounded-xl border border-border p-4">
        <h3 id="install-android" className="font-semibold">
          Android
        </h3>
        <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-muted">
          <li>Connect to Wi-Fi.</li>
          <li>Open Settings › Network &amp; internet › SIMs › Add SIM (Samsung: Connections › SIM manager › Add eSIM).</li>
          <li>Choose “Download a SIM instead?” or “Scan QR code”, and scan the QR code; or enter the activation code (the LPA string) by hand.{code}</li>
          <li>Once downloaded, turn the eSIM on and choose it for mobile data.</li>
          <li>Turn on Roaming for the eSIM when you arrive.</li>
        </ol>
      </section>
    </div>
  );
}
