import type { ReactNode } from "react";
import { Link } from "@/lib/i18n/navigation";

// The help pages' links sit inside translated prose: a tag for t.rich
// (`t.rich("key", { link: infoLink("/refunds") })` for "… our <link>refund rules</link>").

const LINK_CLASS = "font-medium text-brand underline-offset-4 hover:underline";

export function infoLink(href: string, { prefetch }: { prefetch?: false } = {}) {
  function InfoLink(chunks: ReactNode) {
    return (
      <Link href={href} prefetch={prefetch} className={LINK_CLASS}>
        {chunks}
      </Link>
    );
  }
  return InfoLink;
}
