import { DeviceImage } from "./device-image";
import type { DeviceView } from "@/lib/products/unlock/types";

/** The chosen device: picture, name and the supplier's description (as text). */
export function DeviceHeader({ device, title }: { device: DeviceView; title: string }) {
  return (
    <div className="flex items-start gap-4">
      <DeviceImage
        url={device.imageUrl}
        name={`${device.brandName} ${device.name}`}
        className="h-28 w-24 shrink-0 border border-border"
      />
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1 font-medium">
          {device.brandName} {device.name}
        </p>
        {/* The unlocking API writes English only: marked so, for a Spanish page's screen readers. */}
        {device.description ? (
          <p lang="en" className="mt-1 max-w-2xl text-sm text-muted">
            {device.description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
