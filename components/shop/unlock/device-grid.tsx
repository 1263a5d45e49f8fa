import { ListLink } from "@/components/shop/list-link";
import { DeviceImage } from "./device-image";
import type { DeviceView } from "@/lib/products/unlock/types";

/** Devices as cards with their picture, each a link to choosing the network. */
export function DeviceGrid({ devices, showBrand = false }: { devices: DeviceView[]; showBrand?: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="device-list">
      {devices.map((device) => (
        <li key={`${device.brandId}-${device.id}`}>
          <ListLink
            href={`/unlock/${device.brandId}/${device.id}`}
            className="flex h-full flex-col items-center gap-2 rounded-xl border border-border bg-surface p-3 text-center transition hover:border-brand hover:shadow-sm"
          >
            <DeviceImage url={device.imageUrl} name="" className="h-24 w-20" />
            <span className="text-sm leading-snug font-medium">
              {showBrand ? `${device.brandName} ` : ""}
              {device.name}
            </span>
          </ListLink>
        </li>
      ))}
    </ul>
  );
}
