import { Smartphone } from "lucide-react";
import { cn } from "@/lib/ui/cn";

/** The device picture through the shop's image proxy, or a phone outline when there is none. */
export function DeviceImage({ url, name, className }: { url: string | null; name: string; className?: string }) {
  if (!url) {
    return (
      <span
        className={cn("flex items-center justify-center rounded-lg bg-surface-muted text-muted", className)}
        aria-hidden="true"
      >
        <Smartphone className="size-1/2" />
      </span>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element -- a proxied catalog image of unknown size; next/image adds nothing here
  return <img src={url} alt={name} className={cn("rounded-lg bg-white object-contain", className)} loading="lazy" />;
}
