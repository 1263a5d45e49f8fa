import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

/** Previous / next links for a server-side paged list; `hrefFor(page)` keeps the filters. */
export function Pager({
  page,
  pages,
  total,
  noun,
  plural = `${noun}s`,
  hrefFor,
}: {
  page: number;
  pages: number;
  total: number;
  noun: string;
  plural?: string;
  hrefFor: (page: number) => string;
}) {
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted">
        {total} {total === 1 ? noun : plural} · page {page} of {pages}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link href={hrefFor(page - 1)} rel="prev" className={buttonClasses("secondary", "sm")}>
            Previous page
          </Link>
        ) : null}
        {page < pages ? (
          <Link href={hrefFor(page + 1)} rel="next" className={buttonClasses("secondary", "sm")}>
            Next page
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
