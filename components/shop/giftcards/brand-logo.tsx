import { cn } from "@/lib/ui/cn";

/**
 * A brand's logo (served by the shop's image proxy) or, without one, its initials on a tile.
 * Decorative: the brand's name is always next to it.
 */
export function BrandLogo({
  name,
  logoUrl,
  size = "md",
  className,
}: {
  name: string;
  logoUrl: string | null;
  size?: "md" | "lg";
  className?: string;
}) {
  const box = size === "lg" ? "size-20 rounded-2xl text-2xl" : "size-12 rounded-xl text-base";
  if (logoUrl) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- the proxy serves small SVG/PNG logos; next/image adds nothing here
      <img
        src={logoUrl}
        alt=""
        width={size === "lg" ? 80 : 48}
        height={size === "lg" ? 80 : 48}
        loading="lazy"
        className={cn(box, "shrink-0 border border-border bg-white object-contain p-1", className)}
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join("");
  return (
    <span
      aria-hidden="true"
      className={cn(
        box,
        "inline-flex shrink-0 items-center justify-center bg-brand-soft font-bold text-brand",
        className,
      )}
    >
      {initials || "?"}
    </span>
  );
}
