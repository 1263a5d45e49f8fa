import { Link } from "@/lib/i18n/navigation";
import type { ComponentProps } from "react";

/**
 * A link in a catalog list or grid (countries, operators, brands, devices, plans): not
 * prefetched. Next.js prefetches every link that scrolls into view; on a grid of 50
 * countries that is dozens of page payloads per view for the visitor's data plan, and for the
 * server the first rendering (and catalog fetch) of pages nobody opened. Header links, the way
 * back and the next step of a purchase keep Next's default.
 */
export function ListLink(props: Omit<ComponentProps<typeof Link>, "prefetch">) {
  return <Link prefetch={false} {...props} />;
}
